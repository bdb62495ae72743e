import type { Clock, Logger } from '@mcs/kit';
import type { Db } from '../db';
import type { DeliveryQueue } from './delivery-queue';
import { deliveryRepository } from './delivery.repository';

export const SWEEP_EVERY_MS = 30_000;
const BATCH = 500;

/**
 * Rebuilds the job queue from the rows (events-webhooks.md §4.6): at start and every 30 s,
 * every idle endpoint (no unexpired lease) with a due delivery gets a job for the delivery its
 * next claim takes, to run now; the hand-over after each attempt carries the endpoint through
 * the rest of its backlog. That covers a failed enqueue after commit, a restart, a worker that
 * died mid-attempt (its lease expires) and a Redis that lost its data. Endpoints busy with an
 * attempt need nothing: their hand-over comes. Every replica sweeps; a delivery whose job is
 * waiting or running gets nothing more, so sweeping twice adds nothing.
 */
export class DeliverySweeper {
  constructor(private readonly deps: { db: Db; queue: DeliveryQueue; clock: Clock; log: Logger }) {}

  /** One sweep; returns how many jobs it added or brought forward. */
  async sweep(): Promise<number> {
    const now = this.deps.clock();
    let queued = 0;
    let afterEndpoint = 0n;
    for (;;) {
      const heads = await deliveryRepository.idleEndpointHeads(
        this.deps.db,
        now,
        afterEndpoint,
        BATCH,
      );
      for (const state of heads) if (await this.deps.queue.ensure(state)) queued += 1;
      const last = heads.at(-1);
      if (!last || heads.length < BATCH) break;
      afterEndpoint = last.endpointId;
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
