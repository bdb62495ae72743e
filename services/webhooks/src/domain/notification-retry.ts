/**
 * When a notification that failed is tried again (issue 28). Administrators want to hear of a
 * failure soon, but a channel that is down for a while should not be hammered, and a message
 * hours late has lost its point: 30 s, 2 min, 10 min, 30 min, 1 h, 1 h, 1 h, then it fails
 * (8 attempts, about 4 h). The delays are multiples of a base (NOTIFICATION_RETRY_BASE_MS,
 * 30 s), so a test runs the whole schedule in milliseconds. What counts as retryable is the
 * webhooks rule (retry-policy.ts `classify`): network errors, 408, 425, 429 and 5xx.
 */
import type { AttemptResult } from './attempt-result';
import { classify, type Outcome } from './retry-policy';

export const MAX_NOTIFICATION_ATTEMPTS = 8;
/** Delay after failed attempt n (1 … 7), in bases of 30 s. */
const DELAY_FACTORS = [1, 4, 20, 60, 120, 120, 120] as const;

export interface NotificationDecision {
  status: 'delivered' | 'pending' | 'failed';
  /** Milliseconds until the next attempt; null when none follows. */
  retryInMs: number | null;
}

/** What follows attempt `attempt` (1 …) with the outcome `outcome`. */
export function afterNotificationAttempt(
  outcome: Outcome,
  attempt: number,
  baseMs: number,
): NotificationDecision {
  if (outcome === 'delivered') return { status: 'delivered', retryInMs: null };
  if (outcome === 'permanent_failure' || attempt >= MAX_NOTIFICATION_ATTEMPTS)
    return { status: 'failed', retryInMs: null };
  const factor = DELAY_FACTORS[Math.min(attempt, DELAY_FACTORS.length) - 1] ?? 1;
  return { status: 'pending', retryInMs: factor * baseMs };
}

/** An HTTP attempt's outcome, by the webhooks rule. */
export function httpOutcome(result: Pick<AttemptResult, 'statusCode' | 'error'>): Outcome {
  return classify(result);
}
