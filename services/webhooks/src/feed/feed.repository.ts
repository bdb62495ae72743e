import { join, numOrNull, sql, whereAll, type Sql } from '@mcs/kit';
import type { DbClient, Tx } from '../db';
import type { EventType, LifecycleEvent } from '../domain/event-types';

/** A stored event as the feed shows it. */
export interface EventRow {
  id: string;
  type: EventType;
  occurredAt: Date;
  candidateId: number | null;
  actorType: LifecycleEvent['actor']['type'];
  actorId: number | null;
  payload: LifecycleEvent['payload'];
}

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

type RawEventRow = Omit<EventRow, 'candidateId' | 'actorId'> & {
  candidateId: bigint | null;
  actorId: bigint | null;
};

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

  /** Up to `take` matching events after the position, in feed order: a keyset read, no OFFSET. */
  async page(db: DbClient, filter: FeedFilter, take: number): Promise<EventRow[]> {
    const rows = await db.$queryRaw<RawEventRow[]>`
      SELECT id, type, occurred_at AS "occurredAt", candidate_id AS "candidateId",
             actor_type AS "actorType", actor_id AS "actorId", payload
        FROM events ${whereAll(conditions(filter))}
       ORDER BY position
       LIMIT ${take}`;
    return rows.map((row) => ({
      ...row,
      candidateId: numOrNull(row.candidateId),
      actorId: numOrNull(row.actorId),
    }));
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
