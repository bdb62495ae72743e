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
  deliveries: NewDelivery[];
}

export interface NewDelivery {
  id: bigint;
  endpointId: bigint;
}

/** A feed item as JSON text, with its id (the next cursor). */
export interface FeedItemText {
  id: string;
  json: string;
}

/** The event feed (events-webhooks.md §1.2, §2): stored once, read by position. */
export const feedRepository = {
  /**
   * Stores the events, in the order given, each with the next position and one `pending`
   * delivery for each endpoint that, at this moment, is not deleted, is enabled, subscribes to
   * the event's type and allows its media type (events-webhooks.md §4.1), in one statement of
   * the caller's transaction. One result per event, in the same order; position null (and no
   * delivery) for an event whose id is stored already (a redelivery under another message id)
   * or appeared earlier in the list.
   *
   * The feed lock (docs/decisions/010-gapless-feed.md) is taken inside the statement, before
   * any position is drawn: the INSERT reads its rows from `feed_lock`, so `nextval` runs only
   * once the lock is held. The caller's transaction keeps it to commit or rollback, so commit
   * order is position order and a reader can never see a position before a lower one that
   * will still commit. One statement for the whole list keeps the lock for one round trip
   * (this statement's end, then the commit) however many events it stores.
   *
   * The deliveries' FOR SHARE waits for a concurrent disable or delete of a matching endpoint
   * and re-checks it, so that change either sees these deliveries (and cancels them) or this
   * insert sees the change (and skips the endpoint).
   */
  async store(tx: SqlClient, events: readonly LifecycleEvent[], now: Date): Promise<StoredEvent[]> {
    const rows = await tx.$queryRawUnsafe<StoredRow[]>(
      STORE,
      JSON.stringify(events.map(eventRecord)),
      now,
    );
    const stored = new Map(rows.map((row) => [row.id, row]));
    return events.map((event) => {
      const row = stored.get(event.id);
      // Only the first of the same id takes the row's result.
      stored.delete(event.id);
      const endpointIds = row?.endpointIds ?? [];
      return {
        position: row ? BigInt(row.position) : null,
        deliveries: (row?.deliveryIds ?? []).map((id, i) => ({
          id: BigInt(id),
          endpointId: BigInt(endpointIds[i] as string),
        })),
      };
    });
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
  async page(reader: SqlClient, filter: FeedFilter, take: number): Promise<FeedItemText[]> {
    const statement = sql`
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
    return reader.$queryRawUnsafe<FeedItemText[]>(statement.text, ...statement.values);
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

interface StoredRow {
  id: string;
  position: string;
  deliveryIds: string[];
  endpointIds: string[];
}

/** An event's record (§1.2) as one element of the statement's JSON list. */
function eventRecord(event: LifecycleEvent) {
  return {
    id: event.id,
    type: event.type,
    occurred_at: event.occurred_at,
    candidate_id: event.candidate_id,
    actor_type: event.actor.type,
    actor_id: event.actor.id,
    payload: event.payload,
    media_type: event.media_type,
    operation_id: event.operation_id,
  };
}

/**
 * $1 the event records (a JSON list, `eventRecord`), $2 now. See `feedRepository.store`.
 * `fresh` leaves out ids stored before (as this statement's snapshot sees them; ON CONFLICT
 * catches the rest) and repeats within the list, so that they draw no position. Positions
 * follow the list's order: the ordered subquery is not flattened, and `nextval` is evaluated
 * as its rows come.
 */
const STORE = `
  WITH input AS (
    SELECT * FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (
             id uuid, type text, occurred_at timestamptz, candidate_id bigint, actor_type text,
             actor_id bigint, payload jsonb, media_type text, operation_id bigint))
           WITH ORDINALITY AS i(id, type, occurred_at, candidate_id, actor_type, actor_id,
                                payload, media_type, operation_id, ord)
  ), fresh AS (
    SELECT DISTINCT ON (id) * FROM input
     WHERE NOT EXISTS (SELECT 1 FROM events WHERE events.id = input.id)
     ORDER BY id, ord
  ), feed_lock AS (
    SELECT pg_advisory_xact_lock(hashtextextended('webhooks:feed', 0))
  ), stored AS (
    INSERT INTO events (id, position, type, occurred_at, candidate_id, actor_type, actor_id,
                        payload, media_type, operation_id)
    SELECT e.id, nextval('events_position_seq'), e.type, e.occurred_at, e.candidate_id,
           e.actor_type, e.actor_id, e.payload, e.media_type, e.operation_id
      FROM feed_lock, (SELECT * FROM fresh ORDER BY ord) AS e
    ON CONFLICT (id) DO NOTHING
    RETURNING id, position, type, media_type
  ), created AS (
    INSERT INTO deliveries (event_id, endpoint_id, event_position, status, attempts, round,
                            next_attempt_at, created_at, updated_at)
    SELECT stored.id, endpoint.id, stored.position, 'pending', 0, 1,
           $2::timestamptz, $2::timestamptz, $2::timestamptz
      FROM stored
      JOIN (SELECT id, event_types, media_types FROM endpoints
             WHERE deleted_at IS NULL AND enabled
               AND EXISTS (SELECT 1 FROM stored
                            WHERE stored.type = ANY (event_types)
                              AND stored.media_type = ANY (media_types))
             ORDER BY id
               FOR SHARE) AS endpoint
        ON stored.type = ANY (endpoint.event_types)
       AND stored.media_type = ANY (endpoint.media_types)
    ON CONFLICT (event_id, endpoint_id) DO NOTHING
    RETURNING id, event_id, endpoint_id
  )
  SELECT s.id, s.position,
         ARRAY(SELECT c.id FROM created AS c WHERE c.event_id = s.id ORDER BY c.id) AS "deliveryIds",
         ARRAY(SELECT c.endpoint_id FROM created AS c WHERE c.event_id = s.id ORDER BY c.id)
           AS "endpointIds"
    FROM stored AS s
   ORDER BY s.position`;
