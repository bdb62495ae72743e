import type { DbClient } from '../db';

/** Webhook deliveries (events-webhooks.md §3.6, §4). */
export const deliveryRepository = {
  /** The pending ones among `ids`, with what their next attempt's job id is made of. */
  async queueStates(db: DbClient, ids: readonly bigint[]) {
    const rows = await db.delivery.findMany({
      where: { id: { in: [...ids] }, status: 'pending' },
      select: { id: true, round: true, attempts: true, nextAttemptAt: true },
    });
    return rows.flatMap(({ nextAttemptAt, ...state }) =>
      nextAttemptAt === null ? [] : [{ ...state, nextAttemptAt }],
    );
  },

  /**
   * For each idle endpoint (no unexpired lease, §4.7) after `afterEndpointId`, in id order: its
   * first due pending delivery in feed order, which is what its next claim takes. The sweeper
   * kicks these; the rest of an endpoint's backlog follows through the hand-over after each
   * attempt, so a sweep costs one job per idle endpoint, not one per pending delivery.
   */
  async idleEndpointHeads(db: DbClient, now: Date, afterEndpointId: bigint, take: number) {
    return db.$queryRaw<
      { id: bigint; endpointId: bigint; round: number; attempts: number; nextAttemptAt: Date }[]
    >`
      SELECT head.id, e.id AS "endpointId", head.round, head.attempts,
             head.next_attempt_at AS "nextAttemptAt"
        FROM endpoints AS e
        CROSS JOIN LATERAL (
          SELECT d.id, d.round, d.attempts, d.next_attempt_at FROM deliveries AS d
           WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.next_attempt_at <= ${now}
           ORDER BY d.event_position
           LIMIT 1) AS head
       WHERE e.id > ${afterEndpointId}
         AND NOT EXISTS (SELECT 1 FROM deliveries AS busy
                          WHERE busy.endpoint_id = e.id AND busy.lease_expires_at > ${now})
       ORDER BY e.id
       LIMIT ${take}`;
  },
};
