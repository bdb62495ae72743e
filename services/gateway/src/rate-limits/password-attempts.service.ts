import { RateLimited } from '@mcs/kit';
import type { RateLimiter } from './rate-limit.service';

/**
 * Attempts to use a password, counted before any hash is computed (internal-api.md 1.2): logins
 * and setups per client address, password changes per user and per address. Each key has
 * `perMinute` attempts in a fixed minute, counted in Redis across replicas (RateLimiter, which
 * fails open).
 */
export class PasswordAttempts {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly perMinute: number,
  ) {}

  login(address: string): Promise<void> {
    return this.count(
      [`login:${address}`],
      'Too many login attempts from this address; try again later.',
    );
  }

  passwordChange(userId: bigint, address: string): Promise<void> {
    return this.count(
      [`password:user:${userId}`, `password:address:${address}`],
      'Too many password changes for this account or from this address; try again later.',
    );
  }

  /** Counts the attempt under every key; refused when any of them is over the limit. */
  private async count(keys: string[], detail: string): Promise<void> {
    const decisions = await Promise.all(keys.map((key) => this.limiter.hit(key, this.perMinute)));
    const refused = decisions.filter((decision) => decision && !decision.allowed);
    if (refused.length > 0)
      throw new RateLimited(Math.max(...refused.map((d) => d?.resetSeconds ?? 1)), detail);
  }
}
