import { Conflict, Invalid, Unprocessable } from '@mcs/kit';
import { type AutoDeletePolicy, type AutoDeleteTimer, eligibleAt } from './auto-delete';

/**
 * The decisions of the four candidate actions (external-api.md 2.3, domain.md 5.3), pure and
 * unit-tested: which actions are refused, and how each changes the timer fields.
 */
export type CandidateAction = 'cancel' | 'postpone' | 'reset-timer' | 'protect';

export type TimerChanges = Partial<
  Pick<AutoDeleteTimer, 'cancelledAt' | 'postponedUntil' | 'timerStartedAt'>
>;

const MAX_POSTPONE_MS = 3650 * 86_400_000;

/** Refusals common to every action, in the order of the processing rules (after the 404). */
export function assertActionAllowed(
  action: CandidateAction,
  candidateId: number,
  state: { protected: boolean; operationPending: boolean },
): void {
  if (state.operationPending) {
    throw new Conflict(
      'file_operation_pending',
      `A delete or move of the media of candidate ${candidateId} is queued or running.`,
    );
  }
  // Protect stays allowed: protecting a protected candidate reuses its protection.
  if (state.protected && action !== 'protect') {
    throw new Conflict('candidate_protected', `Candidate ${candidateId} is protected.`);
  }
}

/** Cancel keeps an earlier cancel time; postponement and timer stay as they are. */
export function cancelChanges(timer: AutoDeleteTimer, now: Date): TimerChanges {
  return { cancelledAt: timer.cancelledAt ?? now };
}

/** Postpone un-cancels; `until` must be in the future, within 3650 days and after the deadline. */
export function postponeChanges(
  timer: AutoDeleteTimer,
  policy: AutoDeletePolicy,
  until: Date,
  now: Date,
): TimerChanges {
  if (until.getTime() <= now.getTime()) {
    throw new Invalid([{ in: 'body', name: 'until', message: 'Must be in the future.' }]);
  }
  if (until.getTime() > now.getTime() + MAX_POSTPONE_MS) {
    throw new Invalid([
      { in: 'body', name: 'until', message: 'Must be at most 3650 days from now.' },
    ]);
  }
  const deadline = eligibleAt(timer, policy.delayDays);
  if (until.getTime() <= deadline.getTime()) {
    throw new Unprocessable(
      'postpone_not_after_deadline',
      `The postponement must be later than the current deadline ${deadline.toISOString()}.`,
    );
  }
  return { cancelledAt: null, postponedUntil: until };
}

/** Reset-timer un-cancels, clears the postponement and restarts the delay now. */
export function resetTimerChanges(now: Date): TimerChanges {
  return { cancelledAt: null, postponedUntil: null, timerStartedAt: now };
}
