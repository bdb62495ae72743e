/**
 * What one finished attempt writes (events-webhooks.md §4.3 step 5, §4.4, §4.9): its attempt
 * log row and the delivery's new state. Pure; the decision comes from the retry policy.
 */
import type { AttemptResult } from './attempt-result';
import type { AttemptDecision, Outcome } from './retry-policy';

export interface AttemptRow {
  round: number;
  number: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  outcome: Outcome;
  error: string | null;
  retryAfterSeconds: number | null;
  nextAttemptAt: Date | null;
}

export interface DeliveryChange {
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
}

export interface FinishedAttempt {
  round: number;
  /** 1 … 6 within the round. */
  number: number;
  startedAt: Date;
  result: AttemptResult;
  /** The redacted error text (redaction.ts); null when delivered. */
  error: string | null;
  decision: AttemptDecision;
}

/** What the attempt writes if the delivery is still `pending` when it is recorded. */
export interface AttemptRecord {
  row: AttemptRow;
  change: DeliveryChange;
  /**
   * Whether `change` also applies to a delivery canceled while the request was in flight
   * (§4.9): only a 2xx does. Otherwise a canceled delivery keeps its status, status code and
   * cancel reason, and gets no next attempt; `attempts` and the attempt row count either way.
   */
  overridesCancel: boolean;
}

/**
 * The record of a finished attempt. The delivery's status when it is recorded (`pending`, or
 * `canceled` by a disable meanwhile) is only known to the recording statement, which applies
 * `change` in full or as `overridesCancel` says.
 */
export function afterAttempt(attempt: FinishedAttempt, now: Date): AttemptRecord {
  const { decision, result } = attempt;
  const delivered = decision.status === 'delivered';
  return {
    row: {
      round: attempt.round,
      number: attempt.number,
      startedAt: attempt.startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      outcome: decision.outcome,
      error: attempt.error,
      retryAfterSeconds: decision.retryAfterSeconds,
      nextAttemptAt: decision.nextAttemptAt,
    },
    change: {
      status: decision.status,
      attempts: attempt.number,
      nextAttemptAt: decision.nextAttemptAt,
      lastStatusCode: result.statusCode,
      lastError: attempt.error,
      deliveredAt: delivered ? now : null,
    },
    overridesCancel: delivered,
  };
}
