/**
 * Bodies of the two endpoint actions besides create/update (events-webhooks.md §3.4): rotating
 * the signing secret and testing a saved endpoint. Absent bodies mean `{}`.
 */
import { Input } from '@mcs/kit';
import { DEFAULT_GRACE_PERIOD_HOURS, MAX_GRACE_PERIOD_HOURS } from './signing';
import type { EventType } from './event-types';

/** `{grace_period_hours?: 0 … 168}`, default 24. */
export function readRotateSecretInput(body: unknown): { graceHours: number } {
  const input = Input.body(body);
  const graceHours =
    input.int('grace_period_hours', { min: 0, max: MAX_GRACE_PERIOD_HOURS }) ??
    DEFAULT_GRACE_PERIOD_HOURS;
  input.done();
  return { graceHours };
}

/** `{event_type?}`: one of the endpoint's types; by default its first (in §1.1 order). */
export function readTestEventType(body: unknown, endpointTypes: readonly EventType[]): EventType {
  const input = Input.body(body);
  const chosen = input.oneOf('event_type', endpointTypes);
  input.done();
  return chosen ?? endpointTypes[0] ?? 'candidate.scheduled';
}
