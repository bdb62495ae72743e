import type { Handler } from '../http/internal';
import { setSessionCookie } from '../http/cookies';
import { json } from '../http/respond';
import type { GatewayConfig } from '../config';
import type { SessionService } from '../services/session.service';
import type { SetupService } from '../services/setup.service';
import { sessionBody } from './auth.routes';
import { operation } from './operation';

export function setupRoutes(deps: {
  config: GatewayConfig;
  setup: SetupService;
  sessions: SessionService;
  version: string;
}): Record<string, Handler> {
  return {
    getSetupStatus: async () =>
      json(200, { setup_complete: await deps.setup.isComplete(), version: deps.version }),

    completeSetup: operation<'completeSetup'>(async ({ req, res, body }) => {
      const user = await deps.setup.completeSetup(body);
      const { cookieValue, session } = await deps.sessions.start(user);
      setSessionCookie(req, res, deps.config, cookieValue);
      return json(201, sessionBody(session));
    }),
  };
}
