import { Forbidden, principalOf } from '@mcs/kit';
import type { Response } from 'express';

/**
 * Internal UI routes serve logged-in users; settings only administrators (internal-api.md
 * 1.2). The gateway checks the session and the contract's x-access; the role is checked here
 * again, where the route's rule lives, so the service is safe on its own.
 */
export function requireAdmin(res: Response): { type: 'user'; id: number } {
  const principal = principalOf(res);
  if (principal.type !== 'user')
    throw new Forbidden('forbidden', 'This route is for logged-in users of the web UI.');
  if (principal.role !== 'admin')
    throw new Forbidden('forbidden', 'This route is for administrators.');
  return { type: 'user', id: principal.id };
}
