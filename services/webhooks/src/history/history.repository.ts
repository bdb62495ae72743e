import { limitOffset, type Paging } from '@mcs/kit';
import type { DbClient, Tx } from '../db';
import type { Prisma } from '../generated/prisma/client';

export interface DeliveryFilter {
  endpointId?: bigint;
  eventId?: string;
  eventType?: string;
  status?: string;
  createdAfter?: Date;
  createdBefore?: Date;
}

/** What a delivery read shows: the row, its event's type and its endpoint's current name. */
const SHOWN = {
  event: { select: { type: true } },
  endpoint: { select: { name: true } },
} as const satisfies Prisma.DeliveryInclude;

export type DeliveryRow = Prisma.DeliveryGetPayload<{ include: typeof SHOWN }>;
export type AttemptRow = Prisma.DeliveryAttemptGetPayload<object>;

function where(filter: DeliveryFilter): Prisma.DeliveryWhereInput {
  return {
    endpointId: filter.endpointId,
    eventId: filter.eventId,
    status: filter.status,
    event: filter.eventType === undefined ? undefined : { type: filter.eventType },
    createdAt: { gte: filter.createdAfter, lte: filter.createdBefore },
  };
}

/** Delivery history and manual retry (events-webhooks.md §3.6, §4.8). */
export const historyRepository = {
  async page(db: DbClient, filter: DeliveryFilter, paging: Paging) {
    const [rows, total] = await Promise.all([
      db.delivery.findMany({
        where: where(filter),
        include: SHOWN,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: limitOffset(paging).offset,
        take: limitOffset(paging).limit,
      }),
      db.delivery.count({ where: where(filter) }),
    ]);
    return { rows, total };
  },

  async find(db: DbClient, id: bigint): Promise<DeliveryRow | null> {
    return db.delivery.findUnique({ where: { id }, include: SHOWN });
  },

  /** Oldest first: rounds in order, attempts in order within a round. */
  async attempts(db: DbClient, deliveryId: bigint): Promise<AttemptRow[]> {
    return db.deliveryAttempt.findMany({
      where: { deliveryId },
      orderBy: [{ round: 'asc' }, { number: 'asc' }],
    });
  },

  /**
   * The delivery's endpoint, share-locked: a concurrent disable or delete (FOR UPDATE, then
   * cancel) waits for the retry and cancels it, or the retry waits and sees it inactive. Taken
   * before the delivery's own lock, in the same order as a disable, so the two never deadlock.
   */
  async lockEndpoint(tx: Tx, endpointId: bigint) {
    const [row] = await tx.$queryRaw<{ enabled: boolean; deleted: boolean }[]>`
      SELECT enabled, deleted_at IS NOT NULL AS deleted FROM endpoints
       WHERE id = ${endpointId} FOR SHARE`;
    return row ?? null;
  },

  async lockDelivery(tx: Tx, id: bigint) {
    const [row] = await tx.$queryRaw<{ lease_expires_at: Date | null }[]>`
      SELECT lease_expires_at FROM deliveries WHERE id = ${id} FOR UPDATE`;
    return row ? { leaseExpiresAt: row.lease_expires_at } : null;
  },

  /** §4.8: a new round, due now; the attempt log is kept. */
  async startRound(tx: Tx, id: bigint, now: Date): Promise<void> {
    await tx.delivery.update({
      where: { id },
      data: {
        status: 'pending',
        round: { increment: 1 },
        attempts: 0,
        nextAttemptAt: now,
        leaseExpiresAt: null,
        lastStatusCode: null,
        lastError: null,
        deliveredAt: null,
        updatedAt: now,
      },
    });
  },
};
