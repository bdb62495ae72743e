import { json, operation, type Handler } from '../operation';
import type { ActiveSession } from '../sessions/session.service';
import type { ApiTokenService } from './api-token.service';
import { apiTokenView } from './api-token.view';

export function apiTokenRoutes(deps: { tokens: ApiTokenService }): Record<string, Handler> {
  return {
    listApiTokens: async () => json(200, { items: (await deps.tokens.list()).map(apiTokenView) }),

    createApiToken: operation<'createApiToken'>(async ({ body, session }) => {
      const { record, token } = await deps.tokens.create(body, (session as ActiveSession).user.id);
      return json(201, { ...apiTokenView(record), token });
    }),

    revokeApiToken: async ({ params }) =>
      json(200, apiTokenView(await deps.tokens.revoke(BigInt(params.token_id as string)))),
  };
}
