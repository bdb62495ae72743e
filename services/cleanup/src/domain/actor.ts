import type { Principal } from '@mcs/kit';

/** Who acts, as events record it (events-webhooks.md 1.1): `id` is null for system work. */
export interface Actor {
  type: 'api_token' | 'user' | 'system';
  id: number | null;
}

export const SYSTEM_ACTOR: Actor = { type: 'system', id: null };

export function actorOf(principal: Principal): Actor {
  return principal.type === 'system' ? SYSTEM_ACTOR : { type: principal.type, id: principal.id };
}

export type ProtectionSource = 'manual' | 'api' | 'rule';

/** People in the UI make `manual` protections; API tokens make `api` ones (external-api 1.8). */
export function protectionSourceOf(actor: Actor): 'manual' | 'api' {
  return actor.type === 'user' ? 'manual' : 'api';
}
