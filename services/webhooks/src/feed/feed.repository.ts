import { join, sql, whereAll, type Sql } from '@mcs/kit';
import type { DbClient, Tx } from '../db';
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

/** A feed item as JSON text, with its id (the next cursor). */
export interface FeedItemText {
  id: string;
  json: string;
}

/** The event feed (events-webhooks.md §1.2, §2): stored once, read by position. */
export const feedRepository = {
  /**
   * The feed lock (docs/decisions/010-gapless-feed.md): every writer takes it right before
   * drawing positions and holds it to commit or rollback, so commit order is position order and
   * a reader can never see a position before a lower one that will still commit.
   */
  async lock(tx: Tx): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('webhooks:feed', 0))`;
  },

  /**
   * Stores the event with the next position; null when an event with its id is stored already
   * (a redelivery under another message id). Call it holding the feed lock.
   */
  async insert(tx: Tx, event: LifecycleEvent): Promise<bigint | null> {
    const rows = await tx.$queryRaw<{ position: bigint }[]>`
      INSERT INTO events (id, position, type, occurred_at, candidate_id, actor_type, actor_id,
                          payload, media_type, operation_id)
      VALUES (${event.id}::uuid, nextval('events_position_seq'), ${event.type},
              ${new Date(event.occurred_at)}, ${event.candidate_id}, ${event.actor.type},
              ${event.actor.id}, ${JSON.stringify(event.payload)}::jsonb, ${event.media_type},
              ${event.operation_id})
      ON CONFLICT (id) DO NOTHING
      RETURNING position`;
    return rows[0]?.position ?? null;
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
