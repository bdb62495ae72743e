import type { ActiveSession } from '../sessions/session.service';
import { userSummary } from '../users/user.view';

/** A session as login, setup and GET /api/auth/me answer it. */
export function sessionBody(session: ActiveSession) {
  return {
    user: userSummary(session.user),
    csrf_token: session.csrfToken,
    session_expires_at: session.expiresAt.toISOString(),
  };
}
