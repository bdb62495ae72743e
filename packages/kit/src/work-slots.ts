export interface WorkSlotOptions {
  slots: number;
  /** How many callers may wait for a slot; unlimited when unset. */
  queue?: number;
  /** How long one caller may wait; unlimited when unset. */
  maxWaitMs?: number;
}

/**
 * At most `slots` tasks run at once (a FIFO semaphore; p-limit is ESM-only and we build
 * CommonJS). Bounded (catalog's calls to one upstream), or bounded and impatient (the gateway's
 * password hashes): up to `queue` more wait their turn in order, each for at most `maxWaitMs`,
 * and a caller that finds the queue full, or whose wait runs out, gets `busy()` thrown at once:
 * past what the slots can finish in a short wait, more waiting only piles up callers (and their
 * connections) behind work that will not be done in time.
 */
export class WorkSlots {
  private active = 0;
  /** Waiting callers in arrival order (a Set iterates in insertion order). */
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly options: WorkSlotOptions,
    private readonly busy: () => Error = () => new Error('No work slot is free.'),
  ) {
    if (!Number.isInteger(options.slots) || options.slots < 1)
      throw new RangeError('slots must be a positive integer');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** For a holder that is not one task (a generator): pair with release(). */
  acquire(): Promise<void> {
    if (this.active < this.options.slots) {
      this.active += 1;
      return Promise.resolve();
    }
    const { queue = Infinity, maxWaitMs } = this.options;
    if (this.waiting.size >= queue) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer =
        maxWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              this.waiting.delete(turn);
              reject(this.busy());
            }, maxWaitMs);
      this.waiting.add(turn);
    });
  }

  /** The slot passes straight to the longest waiter, so `active` never undercounts. */
  release(): void {
    const [next] = this.waiting;
    if (!next) {
      this.active -= 1;
      return;
    }
    this.waiting.delete(next);
    next();
  }
}
