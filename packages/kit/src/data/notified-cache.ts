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
 * - A failed read is not kept.
 */
export class NotifiedCache<T> {
  private held: Promise<T> | undefined;

  constructor(
    private readonly listener: PgListener,
    channel: string,
    private readonly read: () => Promise<T>,
  ) {
    listener.watch(channel, () => {
      this.held = undefined;
    });
  }

  get(): Promise<T> {
    if (!this.listener.listening) return this.read();
    if (this.held) return this.held;
    const reading = this.read();
    this.held = reading;
    reading.catch(() => {
      if (this.held === reading) this.held = undefined;
    });
    return reading;
  }
}
