import type { Response } from 'express';

/**
 * Sends the outcome of an idempotent operation. A replay (the service had already stored the
 * outcome under this key) is marked as the gateway marks its own replays.
 */
export function sendOutcome(
  res: Response,
  outcome: { status: number; body: unknown; replayed: boolean },
): void {
  if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.status(outcome.status).json(outcome.body);
}
