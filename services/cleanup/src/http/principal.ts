import { idempotencyScope, principalOf, requireUser } from '@mcs/kit';
import type { Request, Response } from 'express';
import { type Caller, callerOf } from '../domain/actor';

/** The acting principal of an external (/api/v1) request and its idempotency scope. */
export function externalCaller(req: Request, res: Response) {
  const principal = principalOf(res);
  return { ...callerOf(principal), idempotency: idempotencyScope(req, principal) };
}

/** The logged-in user of an internal UI route (kit requireUser), as the actor it records. */
export function userCaller(res: Response, role: 'user' | 'admin' = 'user'): Caller {
  return callerOf(requireUser(res, role));
}
