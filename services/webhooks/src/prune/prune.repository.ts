import type { DbClient, Tx } from '../db';

export interface PruneBatch {
  /** The highest position looked at; the next batch starts after it. */
  lastPosition: bigint | null;
  events: number;
  deliveries: number;
}

/** Deletion of events past the retention window with their delivery history (§2.6). */
export const pruneRepository = {
  /**
   * Up to `size` events older than `cutoff` after `afterPosition`, none with a `pending`
   * delivery, deleted with their deliveries (attempts go with them by cascade). A delivery that
   * a concurrent manual retry made pending is re-checked by the DELETE and kept, and so is its
   * event: the event is deleted only once no delivery refers to it.
   */
  async deleteBatch(
    tx: Tx,
    cutoff: Date,
    afterPosition: bigint,
    size: number,
  ): Promise<PruneBatch> {
    const doomed = await tx.$queryRaw<{ id: string; position: bigint }[]>`
      SELECT id, position FROM events e
       WHERE occurred_at < ${cutoff} AND position > ${afterPosition}
         AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
       ORDER BY position
       LIMIT ${size}`;
    if (doomed.length === 0) return { lastPosition: null, events: 0, deliveries: 0 };
    const ids = doomed.map((row) => row.id);
    const deliveries = await tx.$executeRaw`
      DELETE FROM deliveries WHERE event_id = ANY (${ids}::uuid[]) AND status <> 'pending'`;
    const events = await tx.$executeRaw`
      DELETE FROM events e WHERE id = ANY (${ids}::uuid[])
         AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event_id = e.id)`;
    return { lastPosition: doomed.at(-1)?.position ?? null, events, deliveries };
  },

  /**
   * Notifications (decision 026) that occurred before `cutoff`, with their per-channel
   * deliveries (by cascade), except one still being retried. Few rows (one per scan, request,
   * alert, failed run or delete), so one statement.
   */
  deleteNotifications: (tx: DbClient, cutoff: Date): Promise<number> =>
    tx.$executeRaw`
      DELETE FROM notifications n
       WHERE occurred_at < ${cutoff}
         AND NOT EXISTS (SELECT 1 FROM notification_deliveries d
                          WHERE d.notification_id = n.id AND d.status = 'pending')`,
};
