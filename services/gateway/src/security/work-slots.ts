/**
 * At most `slots` tasks run at once; up to `queue` more wait their turn in order, each for at
 * most `maxWaitMs`. A caller that finds the queue full, or whose wait runs out, gets `busy()`
 * thrown at once: past what the slots can finish in a short wait, more waiting only piles up
 * callers (and their connections) behind work that will not be done in time.
 */
export class WorkSlots {
  private active = 0;
  /** Waiting callers in arrival order (a Set iterates in insertion order). */
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly options: { slots: number; queue: number; maxWaitMs: number },
    private readonly busy: () => Error,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.options.slots) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.waiting.size >= this.options.queue) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.delete(turn);
        reject(this.busy());
      }, this.options.maxWaitMs);
      this.waiting.add(turn);
    });
  }

  /** The slot passes straight to the longest waiter, so `active` never undercounts. */
  private release(): void {
    const [next] = this.waiting;
    if (!next) {
      this.active -= 1;
      return;
    }
    this.waiting.delete(next);
    next();
  }
}
