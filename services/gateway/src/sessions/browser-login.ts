import type { Request, Response } from 'express';
import type { GatewayConfig } from '../config';
import type { User } from '../generated/prisma/client';
import { sessionCookieOf, setSessionCookie } from './session-cookie';
import type { ActiveSession, SessionService } from './session.service';

/**
 * Logs a browser in as `user`, the same way for every login (password or OIDC): a login
 * replaces the browser's session, so the one it presented (if any) ends and a shared machine
 * keeps no stale session alive behind the new one; then a new session and its cookie.
 */
export async function loginBrowser(
  deps: { config: GatewayConfig; sessions: SessionService },
  req: Request,
  res: Response,
  user: User,
): Promise<ActiveSession> {
  const previous = sessionCookieOf(req);
  const replaced = previous ? await deps.sessions.resolve(previous) : undefined;
  if (replaced) await deps.sessions.end(replaced.idHash);
  const { cookieValue, session } = await deps.sessions.start(user);
  setSessionCookie(req, res, deps.config, cookieValue);
  return session;
}
