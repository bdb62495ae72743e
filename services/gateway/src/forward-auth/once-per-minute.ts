/**
 * Remembers when something was last logged per key, so a client that repeats a request cannot
 * flood the log: at most one line per key a minute. Old keys are dropped as new ones arrive,
 * which bounds the memory a stream of different addresses can take.
 */
export class OncePerMinute {
  private readonly last = new Map<string, number>();

  constructor(
    private readonly clock: () => Date,
    private readonly maxKeys = 1000,
  ) {}

  /** True the first time per key and minute (the caller logs then). */
  take(key: string): boolean {
    const now = this.clock().getTime();
    const previous = this.last.get(key);
    if (previous !== undefined && now - previous < 60_000) return false;
    this.last.delete(key);
    this.last.set(key, now);
    if (this.last.size > this.maxKeys) {
      // Maps keep insertion order and a key is re-inserted when taken: the first is the oldest.
      const oldest = this.last.keys().next().value;
      if (oldest !== undefined) this.last.delete(oldest);
    }
    return true;
  }
}
