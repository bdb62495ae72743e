import { Forbidden, idempotencyScope, principalOf } from '@mcs/kit';
import type { Request, Response } from 'express';
import { type Actor, type Caller, callerOf } from '../domain/actor';

/** The acting principal of an external (/api/v1) request and its idempotency scope. */
export function externalCaller(req: Request, res: Response) {
  const principal = principalOf(res);
  return { ...callerOf(principal), idempotency: idempotencyScope(req, principal) };
}

/**
 * Internal UI routes serve logged-in users; some only administrators (internal-api.md 1.2).
 * The gateway checks the session; the role is checked here, where the route's rule lives.
 */
export function requireUser(res: Response, role: 'user' | 'admin' = 'user'): Actor {
  return requireUserCaller(res, role).actor;
}

/** As requireUser, with the user's display name for routes that record their creator. */
export function requireUserCaller(res: Response, role: 'user' | 'admin' = 'user'): Caller {
  const principal = principalOf(res);
  if (principal.type !== 'user')
    throw new Forbidden('forbidden', 'This route is for logged-in users of the web UI.');
  if (role === 'admin' && principal.role !== 'admin')
    throw new Forbidden('forbidden', 'This route is for administrators.');
  return callerOf(principal);
}
