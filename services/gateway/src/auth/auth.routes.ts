import type { GatewayConfig } from '../config';
import { json, operation, type Handler } from '../operation';
import type { PasswordAttempts } from '../rate-limits/password-attempts.service';
import { loginBrowser } from '../sessions/browser-login';
import { clearSessionCookie } from '../sessions/session-cookie';
import type { ActiveSession, SessionService } from '../sessions/session.service';
import type { GatewaySettings } from '../settings/gateway-settings';
import type { AuthService } from './auth.service';
import { sessionBody } from './session.view';

/** A session is always present on these routes (x-access: user); the pipeline checked it. */
function current(session: ActiveSession | undefined): ActiveSession {
  return session as ActiveSession;
}

export function authRoutes(deps: {
  config: GatewayConfig;
  auth: AuthService;
  attempts: PasswordAttempts;
  sessions: SessionService;
  settings: GatewaySettings;
}): Record<string, Handler> {
  return {
    login: operation<'login'>(async ({ req, res, body }) => {
      const user = await deps.auth.login(body.username, body.password);
      return json(200, sessionBody(await loginBrowser(deps, req, res, user)));
    }),

    logout: async ({ req, res, session }) => {
      await deps.sessions.end(current(session).idHash);
      clearSessionCookie(req, res, deps.config);
      return { status: 204, contentType: 'application/json', body: null };
    },

    getMe: async ({ session }) => {
      const active = current(session);
      const admin = active.user.role === 'admin';
      // Admins always; users while `users_can_view_candidates` is on (internal-api.md §8).
      const candidatesPage = admin || (await deps.settings.current()).users_can_view_candidates;
      return json(200, {
        ...sessionBody(active),
        permissions: { candidates_page: candidatesPage, manage: admin },
      });
    },

    changePassword: operation<'changePassword'>(async ({ req, session, body }) => {
      const active = current(session);
      // Counted before the current password is checked: checking it costs a hash.
      await deps.attempts.passwordChange(active.user.id, req.ip ?? 'unknown');
      await deps.auth.changePassword(
        active.user,
        active.idHash,
        body.current_password,
        body.new_password,
      );
      return { status: 204, contentType: 'application/json', body: null };
    }),
  };
}
