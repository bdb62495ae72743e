import type { MessagePayload } from '@mcs/contracts';
import { Forbidden } from '@mcs/kit';
import { personActorOf, SYSTEM_ACTOR } from '../src/domain/actor';
import type { LifecycleEvents } from '../src/events/lifecycle-events';
import type { Tx } from '../src/db';
import type { CandidateWire } from '../src/candidates/candidate.view';
import type { ProtectionWire } from '../src/protections/protection.view';

/**
 * Compile-time checks (`pnpm typecheck` compiles this file; the function is never called):
 * each lifecycle event accepts only its own contract payload and the actors its schema allows.
 */
export function recordIsTypedPerEvent(
  events: LifecycleEvents,
  tx: Tx,
  records: {
    canceled: MessagePayload<'candidate.canceled'>;
    scheduled: MessagePayload<'candidate.scheduled'>;
  },
  candidate: CandidateWire,
  protection: ProtectionWire,
  now: Date,
) {
  const user = { type: 'user', id: 7 } as const;
  void events.record(tx, 'candidate.canceled', records.canceled);
  // @ts-expect-error a candidate.scheduled record is not a candidate.canceled payload
  void events.record(tx, 'candidate.canceled', records.scheduled);
  // @ts-expect-error nor is a canceled record with the system as its actor
  void events.record(tx, 'candidate.canceled', { ...records.canceled, actor: SYSTEM_ACTOR });

  void events.candidate(tx, 'candidate.canceled', candidate, user, now);
  void events.candidate(tx, 'candidate.scheduled', candidate, SYSTEM_ACTOR, now);
  // @ts-expect-error only the system schedules a candidate
  void events.candidate(tx, 'candidate.scheduled', candidate, user, now);
  // @ts-expect-error the system never cancels one
  void events.candidate(tx, 'candidate.canceled', candidate, SYSTEM_ACTOR, now);

  void events.protection(tx, 'protection.created', protection, user, 12, now);
  // @ts-expect-error protection.removed names no candidate
  void events.protection(tx, 'protection.removed', protection, user, 12, now);
}

test('a candidate action by the system is refused before anything is recorded', () => {
  expect(() => personActorOf(SYSTEM_ACTOR)).toThrow(Forbidden);
  expect(personActorOf({ type: 'api_token', id: 4 })).toEqual({ type: 'api_token', id: 4 });
});
