import {
  Forbidden,
  idempotencyScope,
  principalOf,
  requireUser,
  type UserPrincipal,
} from '@mcs/kit';
import type { Request, Response } from 'express';
import { type Caller, callerOf } from '../domain/actor';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';

/** The acting principal of an external (/api/v1) request and its idempotency scope. */
export function externalCaller(req: Request, res: Response) {
  const principal = principalOf(res);
  return { ...callerOf(principal), idempotency: idempotencyScope(req, principal) };
}

/** The logged-in user of an internal UI route (kit requireUser), as the actor it records. */
export function userCaller(res: Response, role: 'user' | 'admin' = 'user'): Caller {
  return callerOf(requireUser(res, role));
}

/**
 * Candidates-page access (internal-api.md 8, domain.md 8.3): administrators always, users
 * while `users_can_view_candidates` is on, as general settings say at this request. Returns
 * the user, whose role decides what the page may show (paths: admins only, domain.md 1.12).
 */
export async function requireCandidatesPage(
  res: Response,
  settings: CleanupSettingsReader,
): Promise<UserPrincipal> {
  const user = requireUser(res, 'user');
  if (!(await hasCandidatesPage(user, settings)))
    throw new Forbidden('forbidden', 'The Candidates page is for administrators only.');
  return user;
}

/** Whether the user may see candidates, where a route shows them among other things. */
export async function hasCandidatesPage(
  user: UserPrincipal,
  settings: CleanupSettingsReader,
): Promise<boolean> {
  return user.role === 'admin' || (await settings.current()).users_can_view_candidates;
}
