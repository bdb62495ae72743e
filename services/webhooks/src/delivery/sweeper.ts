import type { Clock, Logger } from '@mcs/kit';
import type { Db } from '../db';
import type { DeliveryQueue } from './delivery-queue';
import { deliveryRepository } from './delivery.repository';

export const SWEEP_EVERY_MS = 30_000;
const BATCH = 500;

/**
 * Rebuilds the job queue from the rows (events-webhooks.md §4.6): at start and every 30 s,
 * every pending delivery that is due and not under an unexpired lease gets a job that will run
 * now. That covers a failed enqueue after commit, a restart, a worker that died mid-attempt
 * (its lease expires) and a Redis that lost its data. Every replica sweeps; a delivery whose
 * job is waiting or running gets nothing more, so sweeping twice adds nothing.
 */
export class DeliverySweeper {
  constructor(private readonly deps: { db: Db; queue: DeliveryQueue; clock: Clock; log: Logger }) {}

  /** One sweep; returns how many jobs it added or brought forward. */
  async sweep(): Promise<number> {
    const now = this.deps.clock();
    let queued = 0;
    let afterId = 0n;
    for (;;) {
      const due = await deliveryRepository.dueUnleased(this.deps.db, now, afterId, BATCH);
      for (const state of due) if (await this.deps.queue.ensure(state)) queued += 1;
      const last = due.at(-1);
      if (!last || due.length < BATCH) break;
      afterId = last.id;
    }
    if (queued > 0) this.deps.log.info({ queued }, 'sweeper queued due deliveries');
    return queued;
  }

  /** Sweeps now and then periodically, until the returned stop is called. */
  start(): { stop: () => Promise<void> } {
    let running: Promise<unknown> | null = null;
    const tick = () => {
      // A sweep slower than the interval (a huge backlog) is not started twice.
      if (running) return;
      running = this.sweep()
        .catch((error: unknown) =>
          this.deps.log.warn({ err: error }, 'delivery sweep failed; retrying at the next tick'),
        )
        .finally(() => (running = null));
    };
    tick();
    const timer = setInterval(tick, SWEEP_EVERY_MS);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        // Redis and the pool close after this: let a sweep in progress finish first.
        await running;
      },
    };
  }
}
