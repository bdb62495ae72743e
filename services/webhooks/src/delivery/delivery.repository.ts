import type { DbClient, Tx } from '../db';
import type { EventType } from '../domain/event-types';

/** What delivery creation needs to know about a stored event. */
export interface StoredEvent {
  id: string;
  position: bigint;
  type: EventType;
  mediaType: string;
}

/** Webhook deliveries (events-webhooks.md §3.6, §4). */
export const deliveryRepository = {
  /**
   * One `pending` delivery for each endpoint that, at this moment, is not deleted, is enabled,
   * subscribes to the event's type and allows its media type (§4.1); returns their ids. Runs in
   * the transaction that stores the event. FOR SHARE waits for a concurrent disable or delete of
   * a matching endpoint and re-checks it, so that change either sees this delivery (and cancels
   * it) or this insert sees the change (and skips the endpoint).
   */
  async createForEvent(tx: Tx, event: StoredEvent, now: Date): Promise<bigint[]> {
    const rows = await tx.$queryRaw<{ id: bigint }[]>`
      INSERT INTO deliveries (event_id, endpoint_id, event_position, status, attempts, round,
                              next_attempt_at, created_at, updated_at)
      SELECT ${event.id}::uuid, endpoint.id, ${event.position}, 'pending', 0, 1, ${now}, ${now}, ${now}
        FROM (SELECT id FROM endpoints
               WHERE deleted_at IS NULL AND enabled
                 AND ${event.type} = ANY (event_types) AND ${event.mediaType} = ANY (media_types)
               ORDER BY id
                 FOR SHARE) AS endpoint
      ON CONFLICT (event_id, endpoint_id) DO NOTHING
      RETURNING id`;
    return rows.map((row) => row.id);
  },
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
           ORDER BY d.event_position, d.id
           LIMIT 1) AS head
       WHERE e.id > ${afterEndpointId}
         AND NOT EXISTS (SELECT 1 FROM deliveries AS busy
                          WHERE busy.endpoint_id = e.id AND busy.lease_expires_at > ${now})
       ORDER BY e.id
       LIMIT ${take}`;
  },
};
