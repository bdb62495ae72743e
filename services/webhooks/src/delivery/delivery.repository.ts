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
   * Pending deliveries that are due and not under an unexpired lease (§4.6), in id order after
   * `afterId`: the sweeper pages through them.
   */
  async dueUnleased(db: DbClient, now: Date, afterId: bigint, take: number) {
    return db.$queryRaw<{ id: bigint; round: number; attempts: number; nextAttemptAt: Date }[]>`
      SELECT id, round, attempts, next_attempt_at AS "nextAttemptAt"
        FROM deliveries
       WHERE status = 'pending' AND next_attempt_at <= ${now}
         AND (lease_expires_at IS NULL OR lease_expires_at <= ${now})
         AND id > ${afterId}
       ORDER BY id
       LIMIT ${take}`;
  },
};
