import { type Clock, Conflict, type Logger, NotFound, pageOf, type Paging } from '@mcs/kit';
import type { Db } from '../db';
import { deliveryDetailView, deliveryView } from './delivery.view';
import { type DeliveryFilter, historyRepository } from './history.repository';

/** Makes deliveries be attempted soon; the delivery worker provides it (wired in app.ts). */
export type Enqueue = (deliveryIds: bigint[]) => Promise<void>;

interface Deps {
  db: Db;
  clock: Clock;
  log: Logger;
  enqueue: Enqueue;
}

/** Delivery history and manual retry (events-webhooks.md §3.6, §4.8). */
export class HistoryService {
  constructor(private readonly deps: Deps) {}

  async list(filter: DeliveryFilter, paging: Paging) {
    const { rows, total } = await historyRepository.page(this.deps.db, filter, paging);
    return pageOf(rows.map(deliveryView), total, paging);
  }

  async get(id: bigint) {
    const { db } = this.deps;
    const row = await historyRepository.find(db, id);
    if (!row) throw notFound(id);
    return deliveryDetailView(row, await historyRepository.attempts(db, id));
  }

  /** §4.8: any status; the endpoint must be live and enabled, and no attempt in flight. */
  async retry(id: bigint) {
    const { db } = this.deps;
    const found = await historyRepository.find(db, id);
    if (!found) throw notFound(id);
    const row = await db.$transaction(async (tx) => {
      const endpoint = await historyRepository.lockEndpoint(tx, found.endpointId);
      if (!endpoint || endpoint.deleted || !endpoint.enabled)
        throw new Conflict('endpoint_inactive', 'The endpoint is disabled or deleted.');
      const delivery = await historyRepository.lockDelivery(tx, id);
      const now = this.deps.clock();
      if (delivery?.leaseExpiresAt && delivery.leaseExpiresAt > now)
        throw new Conflict('delivery_in_progress', 'An attempt of this delivery is running.');
      await historyRepository.startRound(tx, id, now);
      // The state this retry committed; the worker may move the row on at once.
      return historyRepository.find(tx, id);
    });
    await this.enqueue(id);
    if (!row) throw notFound(id);
    return deliveryView(row);
  }

  /** After the commit; a failure only delays the attempt until the sweeper finds the row. */
  private async enqueue(id: bigint): Promise<void> {
    try {
      await this.deps.enqueue([id]);
    } catch (error) {
      this.deps.log.warn({ err: error, deliveryId: String(id) }, 'enqueue after retry failed');
    }
  }
}

const notFound = (id: bigint) => new NotFound(`Webhook delivery ${id} does not exist.`);
