import { Forbidden, type Principal } from '@mcs/kit';

/** Who acts, as events record it (events-webhooks.md 1.1): `id` is null for system work. */
export interface Actor {
  type: 'api_token' | 'user' | 'system';
  id: number | null;
}

/** The actor of a person's action; the contract gives some events no other actor. */
export interface PersonActor {
  type: 'api_token' | 'user';
  id: number;
}

export interface SystemActor {
  type: 'system';
  id: null;
}

export const SYSTEM_ACTOR: SystemActor = { type: 'system', id: null };

/** Candidate actions are a person's: the system acts through scans, never through them. */
export function personActorOf(actor: Actor): PersonActor {
  if (actor.type === 'system' || actor.id === null)
    throw new Forbidden('forbidden', 'Only a user or an API token can act on a candidate.');
  return { type: actor.type, id: actor.id };
}

export function actorOf(principal: Principal): Actor {
  return principal.type === 'system' ? SYSTEM_ACTOR : { type: principal.type, id: principal.id };
}

/**
 * The actor of a request and the display name its principal carried (null when none). The name
 * is kept beside the actor, never in it: an Actor goes into events, and events carry no actor
 * name (events-webhooks.md 1.1). Only rows that record their creator store it.
 */
export interface Caller {
  actor: Actor;
  actorName: string | null;
}

export function callerOf(principal: Principal): Caller {
  return {
    actor: actorOf(principal),
    actorName: principal.type === 'system' ? null : (principal.name ?? null),
  };
}

export type ProtectionSource = 'manual' | 'api' | 'rule';

/** People in the UI make `manual` protections; API tokens make `api` ones (external-api 1.8). */
export function protectionSourceOf(actor: Actor): 'manual' | 'api' {
  return actor.type === 'user' ? 'manual' : 'api';
}
