import { Forbidden, idempotencyScope, principalOf } from '@mcs/kit';
import type { Request, Response } from 'express';
import { type Actor, actorOf } from '../domain/actor';

/** The acting principal of an external (/api/v1) request and its idempotency scope. */
export function externalCaller(req: Request, res: Response) {
  const principal = principalOf(res);
  return { actor: actorOf(principal), idempotency: idempotencyScope(req, principal) };
}

/**
 * Internal UI routes serve logged-in users; some only administrators (internal-api.md 1.2).
 * The gateway checks the session; the role is checked here, where the route's rule lives.
 */
export function requireUser(res: Response, role: 'user' | 'admin' = 'user'): Actor {
  const principal = principalOf(res);
  if (principal.type !== 'user')
    throw new Forbidden('forbidden', 'This route is for logged-in users of the web UI.');
  if (role === 'admin' && principal.role !== 'admin')
    throw new Forbidden('forbidden', 'This route is for administrators.');
  return actorOf(principal);
}
