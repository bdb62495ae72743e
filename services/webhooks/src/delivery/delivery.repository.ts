import type { Tx } from '../db';
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
};
