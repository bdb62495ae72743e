import { join, sql, whereAll, type Sql } from '@mcs/kit';
import type { SqlClient } from '@mcs/kit';
import type { DbClient } from '../db';
import type { EventType, LifecycleEvent } from '../domain/event-types';

export interface FeedFilter {
  /** Only events after this feed position. */
  afterPosition: bigint;
  /** Retention: only events that occurred at or after this time. */
  notBefore: Date;
  types?: EventType[];
  candidateId?: number;
  occurredAfter?: Date;
  occurredBefore?: Date;
}

/** What storing an event did. */
export interface StoredEvent {
  /** The event's feed position; null when the event was stored before (nothing changed). */
  position: bigint | null;
  /** The deliveries created for it, to enqueue after commit. */
  deliveryIds: bigint[];
}

/** A feed item as JSON text, with its id (the next cursor). */
export interface FeedItemText {
  id: string;
  json: string;
}

/** The event feed (events-webhooks.md §1.2, §2): stored once, read by position. */
export const feedRepository = {
  /**
   * Stores the event with the next position and one `pending` delivery for each endpoint that,
   * at this moment, is not deleted, is enabled, subscribes to the event's type and allows its
   * media type (events-webhooks.md §4.1), in one statement of the caller's transaction. Null
   * position (and no delivery) when an event with its id is stored already (a redelivery under
   * another message id).
   *
   * The feed lock (docs/decisions/010-gapless-feed.md) is taken inside the statement, before
   * the position is drawn: the INSERT reads its one row from `feed_lock`, so `nextval` runs only
   * once the lock is held. The caller's transaction keeps it to commit or rollback, so commit
   * order is position order and a reader can never see a position before a lower one that
   * will still commit. One statement rather than three keeps the lock for one round trip
   * (this statement's end, then the commit) instead of three.
   *
   * The deliveries' FOR SHARE waits for a concurrent disable or delete of a matching endpoint
   * and re-checks it, so that change either sees these deliveries (and cancels them) or this
   * insert sees the change (and skips the endpoint).
   */
  async store(tx: SqlClient, event: LifecycleEvent, now: Date): Promise<StoredEvent> {
    const [row] = await tx.$queryRawUnsafe<{ position: string | null; deliveryIds: string[] }[]>(
      STORE,
      event.id,
      event.type,
      new Date(event.occurred_at),
      event.candidate_id,
      event.actor.type,
      event.actor.id,
      JSON.stringify(event.payload),
      event.media_type,
      event.operation_id,
      now,
    );
    const position = row?.position ?? null;
    return {
      position: position === null ? null : BigInt(position),
      deliveryIds: (row?.deliveryIds ?? []).map((id) => BigInt(id)),
    };
  },

  /** Where a cursor points: its event's position and time, or null if no event has that id. */
  async cursor(db: DbClient, id: string): Promise<{ position: bigint; occurredAt: Date } | null> {
    return db.event.findUnique({ where: { id }, select: { position: true, occurredAt: true } });
  },

  /**
   * Up to `take` matching events after the position, in feed order: a keyset read, no OFFSET.
   * Each item comes as the JSON text of its feed item (external-api.md §2.5), built by the
   * database from the stored payload: a page of 500 is about half a megabyte, and parsing it
   * here only to serialise it again for the answer cost more than the query.
   */
  async page(db: DbClient, filter: FeedFilter, take: number): Promise<FeedItemText[]> {
    return db.$queryRaw<FeedItemText[]>`
      SELECT id, json_build_object(
               'id', id,
               'type', type,
               'occurred_at', to_char(occurred_at AT TIME ZONE 'UTC',
                                      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'candidate_id', candidate_id,
               'actor', json_build_object('type', actor_type, 'id', actor_id),
               'payload', payload)::text AS json
        FROM events ${whereAll(conditions(filter))}
       ORDER BY position
       LIMIT ${take}`;
  },
};

function conditions(filter: FeedFilter): Sql[] {
  const where = [sql`position > ${filter.afterPosition}`, sql`occurred_at >= ${filter.notBefore}`];
  if (filter.types) where.push(sql`type IN (${join(filter.types)})`);
  if (filter.candidateId !== undefined) where.push(sql`candidate_id = ${filter.candidateId}`);
  if (filter.occurredAfter) where.push(sql`occurred_at >= ${filter.occurredAfter}`);
  if (filter.occurredBefore) where.push(sql`occurred_at <= ${filter.occurredBefore}`);
  return where;
}

/** $1–$9 the event record (§1.2), $10 now. See `feedRepository.store`. */
const STORE = `
  WITH feed_lock AS (
    SELECT pg_advisory_xact_lock(hashtextextended('webhooks:feed', 0))
  ), stored AS (
    INSERT INTO events (id, position, type, occurred_at, candidate_id, actor_type, actor_id,
                        payload, media_type, operation_id)
    SELECT $1::uuid, nextval('events_position_seq'), $2::text, $3::timestamptz, $4::bigint,
           $5::text, $6::bigint, $7::jsonb, $8::text, $9::bigint
      FROM feed_lock
    ON CONFLICT (id) DO NOTHING
    RETURNING id, position
  ), created AS (
    INSERT INTO deliveries (event_id, endpoint_id, event_position, status, attempts, round,
                            next_attempt_at, created_at, updated_at)
    SELECT stored.id, endpoint.id, stored.position, 'pending', 0, 1,
           $10::timestamptz, $10::timestamptz, $10::timestamptz
      FROM stored
     CROSS JOIN (SELECT id FROM endpoints
                  WHERE deleted_at IS NULL AND enabled
                    AND $2::text = ANY (event_types) AND $8::text = ANY (media_types)
                  ORDER BY id
                    FOR SHARE) AS endpoint
    ON CONFLICT (event_id, endpoint_id) DO NOTHING
    RETURNING id
  )
  SELECT (SELECT position FROM stored) AS position,
         ARRAY(SELECT id FROM created ORDER BY id) AS "deliveryIds"`;
