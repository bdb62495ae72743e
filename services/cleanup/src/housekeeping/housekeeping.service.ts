import { type Clock, purgeExpiredIdempotency } from '@mcs/kit';
import { SCHEMA, type Tx } from '../db';
import { purgeResolvedAlerts } from '../alerts/alert.repository';
import { purgeOldNotices } from '../notices/notice.repository';
import { purgeAbandonedRefreshes } from '../scan/input-refresh.repository';
import { purgeOldNotifications } from '../notifications/notification.repository';

/**
 * Cleanup's part of weekly_house_keeping, in the kit consumer's transaction: idempotency
 * records past their retention, notices and resolved alerts older than 90 days, input
 * refreshes abandoned by a process that died waiting, notification claims older than 90 days.
 */
export class HousekeepingService {
  constructor(private readonly deps: { clock: Clock }) {}

  async purge(tx: Tx) {
    const { clock } = this.deps;
    return {
      idempotency_records_purged: await purgeExpiredIdempotency(tx, SCHEMA),
      notices_purged: await purgeOldNotices(tx, clock()),
      alerts_purged: await purgeResolvedAlerts(tx, clock()),
      input_refreshes_purged: await purgeAbandonedRefreshes(tx, clock()),
      notifications_purged: await purgeOldNotifications(tx, clock()),
    };
  }
}
