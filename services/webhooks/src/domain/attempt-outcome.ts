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

/**
 * `current` is the delivery as it is now, under its lease. It is `pending` unless the endpoint
 * was disabled or deleted while the request was in flight (§4.9): then a 2xx still counts as
 * delivered, and anything else leaves it `canceled` with its cancel reason, never retried.
 */
export function afterAttempt(
  current: { status: string; lastStatusCode: number | null; lastError: string | null },
  attempt: FinishedAttempt,
  now: Date,
): { row: AttemptRow; change: DeliveryChange } {
  const { decision, result } = attempt;
  const delivered = decision.status === 'delivered';
  const retried = current.status === 'pending' ? decision.nextAttemptAt : null;
  const row: AttemptRow = {
    round: attempt.round,
    number: attempt.number,
    startedAt: attempt.startedAt,
    durationMs: result.durationMs,
    statusCode: result.statusCode,
    outcome: decision.outcome,
    error: attempt.error,
    retryAfterSeconds: decision.retryAfterSeconds,
    nextAttemptAt: retried,
  };
  const base = { attempts: attempt.number, nextAttemptAt: retried };
  if (delivered || current.status === 'pending')
    return {
      row,
      change: {
        ...base,
        status: decision.status,
        lastStatusCode: result.statusCode,
        lastError: attempt.error,
        deliveredAt: delivered ? now : null,
      },
    };
  return {
    row,
    change: {
      ...base,
      status: current.status,
      lastStatusCode: current.lastStatusCode,
      lastError: current.lastError,
      deliveredAt: null,
    },
  };
}
