/**
 * Classification of an attempt (events-webhooks.md §4.3) and the retry schedule (§4.4). Pure:
 * the clock and the jitter's random source are passed in.
 */
import type { AttemptResult, FailureKind } from './attempt-result';

export type Outcome = 'delivered' | 'retryable_failure' | 'permanent_failure';

export const MAX_ATTEMPTS = 6;
/** Delay after retryable failure n (1 … 5): 1 m, 5 m, 30 m, 2 h, 12 h. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000] as const;
export const MAX_JITTER = 0.1;
const MIN_RETRY_AFTER_S = 1;
const MAX_RETRY_AFTER_S = 86_400;

/** Refused before sending, or a response that retrying cannot change. */
const PERMANENT_FAILURES: ReadonlySet<FailureKind> = new Set([
  'destination_not_allowed',
  'origin_changed',
  'dot_segments',
  'body_too_large',
  // Sealed under a key ENCRYPTION_KEYS no longer holds: retrying cannot help, and endless retries would hold
  // the endpoint (one attempt at a time) forever.
  'secrets_unreadable',
]);
const RETRYABLE_STATUSES = new Set([408, 425, 429]);

export function classify(result: Pick<AttemptResult, 'statusCode' | 'error'>): Outcome {
  if (result.error)
    return PERMANENT_FAILURES.has(result.error.kind) ? 'permanent_failure' : 'retryable_failure';
  const status = result.statusCode ?? 0;
  if (status >= 200 && status < 300) return 'delivered';
  if (status >= 500 || RETRYABLE_STATUSES.has(status)) return 'retryable_failure';
  return 'permanent_failure';
}

/**
 * `Retry-After` as delta-seconds or an HTTP-date, in whole seconds clamped to 1 s … 24 h; null
 * when absent or unreadable (the schedule then applies).
 */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  let seconds: number;
  if (/^\d+$/.test(text)) seconds = Number(text);
  else {
    // HTTP-dates start with a day name; this keeps "1.5" or "-3" from parsing as dates.
    const date = /^[A-Za-z]/.test(text) ? Date.parse(text) : NaN;
    if (Number.isNaN(date)) return null;
    seconds = Math.ceil((date - now.getTime()) / 1000);
  }
  return Math.min(MAX_RETRY_AFTER_S, Math.max(MIN_RETRY_AFTER_S, seconds));
}

export interface AttemptDecision {
  outcome: Outcome;
  /** The delivery's status after this attempt. */
  status: 'delivered' | 'pending' | 'failed';
  /** Recorded in the attempt: the clamped `Retry-After`, if the receiver sent a readable one. */
  retryAfterSeconds: number | null;
  nextAttemptAt: Date | null;
}

/**
 * What follows attempt `attemptNumber` (1 … 6 within its round). `random` returns [0, 1) and
 * only ever lengthens a scheduled delay, by less than 10 %.
 */
export function decideAfterAttempt(
  result: AttemptResult,
  attemptNumber: number,
  now: Date,
  random: () => number = Math.random,
): AttemptDecision {
  const outcome = classify(result);
  const retryAfterSeconds =
    result.statusCode === null ? null : parseRetryAfter(result.retryAfter, now);
  const done = (status: 'delivered' | 'failed'): AttemptDecision => ({
    outcome,
    status,
    retryAfterSeconds,
    nextAttemptAt: null,
  });
  if (outcome === 'delivered') return done('delivered');
  if (outcome === 'permanent_failure' || attemptNumber >= MAX_ATTEMPTS) return done('failed');
  const delayMs =
    retryAfterSeconds !== null ? retryAfterSeconds * 1000 : scheduledDelayMs(attemptNumber, random);
  return {
    outcome,
    status: 'pending',
    retryAfterSeconds,
    nextAttemptAt: new Date(now.getTime() + delayMs),
  };
}

function scheduledDelayMs(attemptNumber: number, random: () => number): number {
  const base = RETRY_DELAYS_MS[Math.max(1, attemptNumber) - 1] ?? RETRY_DELAYS_MS[4];
  return base + Math.floor(base * MAX_JITTER * Math.min(Math.max(random(), 0), 0.999_999));
}
