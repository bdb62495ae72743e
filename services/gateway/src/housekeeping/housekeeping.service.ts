import type { Prisma } from '../generated/prisma/client';
import { housekeepingRepository } from './housekeeping.repository';

/**
 * The gateway's part of weekly_house_keeping (domain.md §9, run by the kit's housekeeping
 * consumer): forget idempotency records past their retention (a key whose record expired is
 * treated as never seen anyway) and sessions past their expiry. Counts by kind for the run's
 * summary.
 */
export async function purgeGatewayData(tx: Prisma.TransactionClient, now: Date) {
  return {
    idempotency_records_purged: await housekeepingRepository.purgeIdempotencyRecords(tx, now),
    sessions_purged: await housekeepingRepository.purgeSessions(tx, now),
  };
}
