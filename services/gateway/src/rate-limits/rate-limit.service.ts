import type { Runtime } from '@mcs/kit';
import { withTimeout, type Logger } from '@mcs/kit';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets (≥ 1). */
  resetSeconds: number;
}

/**
 * Fixed 60-second windows counted in Redis, so every gateway replica shares one count per key
 * (external-api.md 1.10). If Redis cannot answer quickly the request is allowed (fail open) and
 * a warning is logged at most once a minute.
 */
export class RateLimiter {
  private lastWarning = 0;

  constructor(
    private readonly redis: Runtime['redis'],
    private readonly prefix: string,
    private readonly log: Logger,
    private readonly timeoutMs = 100,
  ) {}

  /** undefined when the counter store is unavailable. */
  async hit(key: string, limit: number, windowSeconds = 60): Promise<RateDecision | undefined> {
    const now = Date.now();
    const window = Math.floor(now / (windowSeconds * 1000));
    const redisKey = `${this.prefix}:rate:${key}:${window}`;
    try {
      const count = await withTimeout(this.count(redisKey, windowSeconds), this.timeoutMs);
      const resetSeconds = Math.max(
        1,
        Math.ceil(((window + 1) * windowSeconds * 1000 - now) / 1000),
      );
      return {
        allowed: count <= limit,
        limit,
        remaining: Math.max(0, limit - count),
        resetSeconds,
      };
    } catch (error) {
      if (now - this.lastWarning > 60_000) {
        this.lastWarning = now;
        this.log.warn({ err: error }, 'rate limit store unavailable; allowing requests');
      }
      return undefined;
    }
  }

  private async count(key: string, windowSeconds: number): Promise<number> {
    const [[, count]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, windowSeconds + 1)
      .exec()) as [[unknown, number]];
    return count;
  }
}
