import { RateLimited } from '@mcs/kit';
import type { RateLimiter } from './rate-limit.service';

/** Blocked addresses remembered at most (an address is only here while it is blocked). */
const MAX_BLOCKED = 10_000;

/**
 * Failed bearer authentications counted per client address in Redis (one count shared by every
 * replica). Past the limit in a window, a replica that sees the address fail again blocks it
 * until the window ends: every request from it then gets 429 before any token lookup, whatever
 * token it sends, so a flood costs neither database queries nor Redis calls. Another replica
 * blocks the address at its own first failure past the limit.
 */
export class AuthFailureGuard {
  private readonly blocked = new Map<string, number>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly limitPerMinute: number,
  ) {}

  /** Throws 429 while the address is blocked. */
  check(address: string): void {
    const until = this.blocked.get(address);
    if (until === undefined) return;
    const wait = until - Date.now();
    if (wait > 0) throw this.limited(Math.ceil(wait / 1000));
    this.blocked.delete(address);
  }

  /** Counts a failed authentication; throws 429 instead of the 401 once past the limit. */
  async failed(address: string): Promise<void> {
    const decision = await this.limiter.hit(`auth-failures:${address}`, this.limitPerMinute);
    if (!decision || decision.allowed) return;
    if (this.blocked.size >= MAX_BLOCKED) this.forgetExpired();
    this.blocked.set(address, Date.now() + decision.resetSeconds * 1000);
    throw this.limited(decision.resetSeconds);
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [address, until] of this.blocked) if (until <= now) this.blocked.delete(address);
  }

  private limited(seconds: number): RateLimited {
    return new RateLimited(
      seconds,
      'Too many failed authentications from this address; wait for the window to reset.',
    );
  }
}
