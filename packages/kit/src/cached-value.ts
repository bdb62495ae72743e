/**
 * A value computed at most once per `ttlMs` for every caller of the process (single-flight):
 * callers that arrive while it is being computed share that computation, and callers within
 * the TTL after it finished share its result. For global aggregates a page shows on every
 * load (the dashboard): under load they cost one query per TTL, not one per request. A failed
 * computation is not kept, so the next caller tries again. `ttlMs` 0 computes for every call
 * (tests, which must see fresh data), still sharing a computation already in flight.
 */
export class CachedValue<T> {
  private inFlight: Promise<T> | undefined;
  private kept: { value: T; until: number } | undefined;

  constructor(
    private readonly compute: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    if (this.kept && this.now() < this.kept.until) return Promise.resolve(this.kept.value);
    this.inFlight ??= this.compute()
      .then((value) => {
        if (this.ttlMs > 0) this.kept = { value, until: this.now() + this.ttlMs };
        return value;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }
}
