import { sessionBody } from '../auth/session.view';
import type { GatewayConfig } from '../config';
import type { OidcService } from '../oidc/oidc.service';
import { json, operation, type Handler } from '../operation';
import { setSessionCookie } from '../sessions/session-cookie';
import type { SessionService } from '../sessions/session.service';
import type { SetupService } from './setup.service';

export function setupRoutes(deps: {
  config: GatewayConfig;
  setup: SetupService;
  sessions: SessionService;
  /** Whether the login page offers single sign-on: it asks here, before anyone logs in. */
  oidc: Pick<OidcService, 'loginOption'>;
  version: string;
}): Record<string, Handler> {
  return {
    getSetupStatus: async () =>
      json(200, {
        setup_complete: await deps.setup.isComplete(),
        version: deps.version,
        oidc: await deps.oidc.loginOption(),
      }),

    completeSetup: operation<'completeSetup'>(async ({ req, res, body }) => {
      const user = await deps.setup.completeSetup(body);
      const { cookieValue, session } = await deps.sessions.start(user);
      setSessionCookie(req, res, deps.config, cookieValue);
      return json(201, sessionBody(session));
    }),
  };
}
