import type { Prisma } from '../generated/prisma/client';

type Tx = Prisma.TransactionClient;

/** What the gateway keeps for a bounded time, deleted once past it. */
export const housekeepingRepository = {
  async purgeIdempotencyRecords(tx: Tx, now: Date): Promise<number> {
    return (await tx.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } })).count;
  },

  async purgeSessions(tx: Tx, now: Date): Promise<number> {
    return (await tx.session.deleteMany({ where: { expiresAt: { lte: now } } })).count;
  },
};
