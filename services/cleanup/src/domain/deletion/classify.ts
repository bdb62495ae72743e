import type { AutoDeleteState } from '../auto-delete';

/** A candidate as the deletion run classifies it (domain.md 6.1 step 2). */
export interface CandidateForRun {
  state: AutoDeleteState;
  /** An active protection overlaps it (5.4). */
  blocked: boolean;
  /** A pending protection or delete request overlaps it: the administrator decides first. */
  pendingProtectionRequest: boolean;
  pendingDeleteRequest: boolean;
  operationPending: boolean;
  completedAction: string | null;
  failureCount: number;
}

export type RunClass = 'skipped' | 'waiting' | 'eligible';

/** Automatic attempts pause after this many consecutive failures (6.4). */
export const MAX_AUTOMATIC_FAILURES = 3;

export function classify(candidate: CandidateForRun): RunClass {
  if (
    candidate.state === 'disabled' ||
    candidate.state === 'canceled' ||
    candidate.blocked ||
    candidate.pendingProtectionRequest ||
    candidate.pendingDeleteRequest ||
    candidate.operationPending ||
    candidate.completedAction !== null ||
    candidate.failureCount >= MAX_AUTOMATIC_FAILURES
  )
    return 'skipped';
  return candidate.state === 'eligible' ? 'eligible' : 'waiting';
}
