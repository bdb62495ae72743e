import type { Events, ExternalApi } from '@mcs/contracts';

type Schemas = Events.components['schemas'];
type External = ExternalApi.components['schemas'];

/** One of the 11 lifecycle event types (events-webhooks.md §1.1). */
export type EventType = Schemas['CandidateEventType'] | Schemas['ProtectionEventType'];

/** A lifecycle event as cleanup publishes it: the record the feed stores (§1.2). */
export type LifecycleEvent =
  Schemas['CandidateLifecycleEvent'] | Schemas['ProtectionLifecycleEvent'];

/** The 11 types in the order of §1.1, which is also the order endpoints list them in. */
export const EVENT_TYPES = [
  'candidate.scheduled',
  'candidate.canceled',
  'candidate.postponed',
  'candidate.timer_reset',
  'candidate.protected',
  'candidate.deleted',
  'candidate.moved',
  'candidate.unmonitored',
  'candidate.unmonitored_only',
  'protection.created',
  'protection.removed',
] as const satisfies readonly EventType[];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

export type MediaType = External['MediaType'];
export type EventPayload = External['EventPayload'];
export type EventActor = External['EventActor'];

export const MEDIA_TYPES = ['movie', 'series'] as const satisfies readonly MediaType[];
