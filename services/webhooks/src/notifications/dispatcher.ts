import type { Logger } from '@mcs/kit';
import type { NotificationsService } from './notifications.service';

/**
 * Sends due notification deliveries (issue 28): a claim loop over the rows, not BullMQ jobs.
 *
 * Why: notifications are few (a handful of channels, a few messages a day), and the rows are
 * the truth anyway, so a job queue would only add a second copy of "what is due" that a
 * sweeper must keep rebuilding after a Redis flush (as delivery/sweeper.ts does for the far
 * busier webhooks). Here the loop asks the database what is due, leases it (SKIP LOCKED, so
 * replicas split the work), and sends each delivery as a task of its own: a dead or hanging
 * channel holds one slot for at most its attempt's deadline, never another channel's turn. It
 * wakes when the consumer commits new deliveries, when a slot comes free, and at the next due
 * time (a retry, an expired lease), at the latest every POLL_MS.
 */
export class NotificationDispatcher {
  private active = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private passing: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly deps: {
      notifications: NotificationsService;
      log: Logger;
      /** Attempts in flight at once on this replica. */
      slots: number;
    },
  ) {}

  start(): { stop: () => Promise<void> } {
    this.stopped = false;
    this.wake();
    return { stop: () => this.stop() };
  }

  /** Looks for due deliveries now; a call during a pass makes one more pass after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.passing = this.pass()
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'notification dispatch failed; trying again soon');
        this.later(POLL_MS);
      })
      .finally(() => {
        this.passing = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async pass(): Promise<void> {
    const free = this.deps.slots - this.active;
    // All slots busy: the next one to come free wakes the loop.
    if (free <= 0) return;
    const claimed = await this.deps.notifications.claim(free);
    for (const delivery of claimed) {
      this.active += 1;
      const work = this.deps.notifications
        .attempt(delivery)
        .catch((error: unknown) =>
          // Its lease expires and the delivery is due again: nothing is lost.
          this.deps.log.warn(
            { err: error, delivery: String(delivery.id) },
            'notification attempt failed',
          ),
        )
        .finally(() => {
          this.active -= 1;
          this.inFlight.delete(work);
          this.wake();
        });
      this.inFlight.add(work);
    }
    // Every slot taken: more may be due, looked for when one comes free.
    if (claimed.length === free) return;
    const dueInMs = await this.deps.notifications.nextDueInMs();
    this.later(Math.min(dueInMs ?? POLL_MS, POLL_MS));
  }

  private later(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    // A floor keeps a row another replica is claiming at this instant from spinning the loop.
    this.timer = setTimeout(() => this.wake(), Math.max(MIN_WAIT_MS, ms));
    this.timer.unref();
  }

  /** No new claims; attempts in flight finish (each within its deadline) and are recorded. */
  private async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.passing;
    await Promise.allSettled([...this.inFlight]);
  }
}

/** A safety net only: new rows and retries wake the loop themselves. */
const POLL_MS = 5_000;
const MIN_WAIT_MS = 10;
