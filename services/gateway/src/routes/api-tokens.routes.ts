import type { Handler } from '../http/internal';
import { json } from '../http/respond';
import type { ApiTokenInput, ApiTokenService } from '../services/api-token.service';
import { apiTokenView } from '../services/presenters';
import type { ActiveSession } from '../services/session.service';

export function apiTokenRoutes(deps: { tokens: ApiTokenService }): Record<string, Handler> {
  return {
    listApiTokens: async () => json(200, { items: (await deps.tokens.list()).map(apiTokenView) }),

    createApiToken: async ({ body, session }) => {
      const { record, token } = await deps.tokens.create(
        body as unknown as ApiTokenInput,
        (session as ActiveSession).user.id,
      );
      return json(201, { ...apiTokenView(record), token });
    },

    revokeApiToken: async ({ params }) =>
      json(200, apiTokenView(await deps.tokens.revoke(BigInt(params.token_id as string)))),
  };
}
