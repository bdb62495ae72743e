import { Forbidden, idempotencyScope, principalOf, requireUser } from '@mcs/kit';
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
 * while `users_can_view_candidates` is on, as general settings say at this request.
 */
export async function requireCandidatesPage(
  res: Response,
  settings: CleanupSettingsReader,
): Promise<void> {
  const user = requireUser(res, 'user');
  if (user.role === 'admin') return;
  if (!(await settings.current()).users_can_view_candidates)
    throw new Forbidden('forbidden', 'The Candidates page is for administrators only.');
}
