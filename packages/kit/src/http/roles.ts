import type { Response } from 'express';
import { Forbidden } from '../errors';
import { principalOf, type Principal } from './internal-auth';

export type UserPrincipal = Extract<Principal, { type: 'user' }>;

/**
 * Internal UI routes serve logged-in users; some only administrators (internal-api.md 1.2).
 * The gateway checks the session and the contract's x-access; the role is checked again here,
 * where the route's rule lives, so each service is safe on its own.
 */
export function requireUser(res: Response, role: 'user' | 'admin' = 'user'): UserPrincipal {
  const principal = principalOf(res);
  if (principal.type !== 'user')
    throw new Forbidden('forbidden', 'This route is for logged-in users of the web UI.');
  if (role === 'admin' && principal.role !== 'admin')
    throw new Forbidden('forbidden', 'This route is for administrators.');
  return principal;
}

/**
 * Service-to-service routes (architecture.md: webhooks reads a file operation's paths from
 * catalog): only the named service, signing with its own key, reaches them; the gateway
 * forwards users and API tokens, never `system`, so they are unreachable from outside.
 */
export function requireSystem(res: Response, caller: string): void {
  const principal = principalOf(res);
  if (principal.type !== 'system' || principal.service !== caller)
    throw new Forbidden('forbidden', `This route is for the ${caller} service only.`);
}
