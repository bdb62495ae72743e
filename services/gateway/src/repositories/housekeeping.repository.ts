import type { Prisma } from '../generated/prisma/client';

/**
 * The gateway's part of weekly_house_keeping (domain.md §9, run by the kit's housekeeping
 * consumer): forget idempotency records past their retention (a key whose record expired is
 * treated as never seen anyway) and sessions past their expiry.
 */
export async function purgeExpired(tx: Prisma.TransactionClient, now: Date) {
  const idempotency = await tx.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } });
  const sessions = await tx.session.deleteMany({ where: { expiresAt: { lte: now } } });
  return { idempotency_records_purged: idempotency.count, sessions_purged: sessions.count };
}
