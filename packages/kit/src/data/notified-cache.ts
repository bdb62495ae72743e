import type { PgListener } from './listener';

/**
 * A value read from the database and kept until a committed NOTIFY on `channel` says it may have
 * changed, from any replica: the tables it is read from notify in a trigger, so no writer can
 * forget to. For a read that is frequent and whose rows change rarely (decision 031).
 *
 * - Concurrent calls share one read.
 * - A notification, or the listener's reconnect, drops the kept value: the next call reads. A
 *   read already under way is not kept, as its snapshot may predate the change.
 * - While the listener is not listening (a notification could be missed), nothing is kept and
 *   every call reads.
 * - Nothing is kept longer than `maxAgeMs`: a bound on staleness should notifications stop
 *   arriving unnoticed (a connection dead without a word, a pooler that drops LISTEN).
 * - A failed read is not kept.
 */
export class NotifiedCache<T> {
  private held: Promise<T> | undefined;
  private heldSince = 0;

  constructor(
    private readonly options: {
      listener: PgListener;
      channel: string;
      maxAgeMs: number;
      read: () => Promise<T>;
    },
  ) {
    options.listener.watch(options.channel, () => {
      this.held = undefined;
    });
  }

  get(): Promise<T> {
    const { listener, maxAgeMs, read } = this.options;
    if (!listener.listening) return read();
    if (this.held && Date.now() - this.heldSince < maxAgeMs) return this.held;
    const reading = read();
    this.held = reading;
    this.heldSince = Date.now();
    reading.catch(() => {
      if (this.held === reading) this.held = undefined;
    });
    return reading;
  }
}
