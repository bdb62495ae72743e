/**
 * Endpoint turns this process runs itself, outside the job worker's slots (AttemptService's
 * hand-over). Off until `start`, so a replica without a worker never runs one; at most
 * `limit` at a time; `stop` refuses new ones and waits for those running, so they finish
 * before Redis and the pool close.
 */
export class LocalTurns {
  private readonly running = new Set<Promise<void>>();
  private limit = 0;

  /** False once stopped (or before start): a hand-over is queued as a job instead. */
  get open(): boolean {
    return this.limit > 0;
  }

  start(limit: number): { stop: () => Promise<void> } {
    this.limit = limit;
    return {
      stop: async () => {
        this.limit = 0;
        // A turn running now queues its next hand-over as a job instead of carrying on.
        while (this.running.size > 0) await Promise.allSettled([...this.running]);
      },
    };
  }

  /**
   * Runs `turn` now, or returns false (stopped, or `limit` running): the caller queues it.
   * `turn` handles its own failures; it must not reject.
   */
  tryRun(turn: () => Promise<void>): boolean {
    if (this.running.size >= this.limit) return false;
    const running: Promise<void> = turn().finally(() => this.running.delete(running));
    this.running.add(running);
    return true;
  }
}
