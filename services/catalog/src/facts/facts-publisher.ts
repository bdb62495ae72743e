/**
 * Publishes the facts of live items changed since a time (a sync's start, or a backfill's
 * `since`), group by group so memory stays bounded: movies 500 at a time, series 25 at a time
 * (a series carries all its episodes and files). Two groups are in flight at once, so that
 * PostgreSQL builds and stores one while this process parses and validates the other.
 */
import type { SqlClient } from '@mcs/kit';
import type { Db } from '../db';
import type { MediaEvents } from '../messaging/media-events';
import { num, raw } from '../repositories/sql';
import { movieFacts, seriesFacts } from './media-facts';

const GROUP = { movies: 500, series: 25 } as const;
const IN_FLIGHT = 2;

export async function publishFacts(
  db: Db,
  /** Plain pg over the same pool (kit pgDatabase), for the series documents. */
  direct: SqlClient,
  events: MediaEvents,
  since: Date | null,
): Promise<number> {
  // Facts are read and their messages written outside any Prisma transaction: each group is
  // one read and one insert per message, nothing to commit together, and plain pg moves the
  // megabytes of series JSON about twice as fast.
  let published = 0;
  for (const table of ['movies', 'series'] as const) {
    const groups = chunk(await changedIds(db, table, since), GROUP[table]);
    let next = 0;
    const worker = async () => {
      while (next < groups.length) {
        const ids = groups[next++] as number[];
        const facts =
          table === 'movies' ? await movieFacts(db, ids) : await seriesFacts(direct, ids);
        if (facts.length > 0) await events.itemsUpserted(direct, facts);
        published += ids.length;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  }
  return published;
}

async function changedIds(db: Db, table: 'movies' | 'series', since: Date | null) {
  const ids: number[] = [];
  for (let after = 0; ;) {
    const rows = await db.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM ${raw(table)}
       WHERE removed_at IS NULL AND id > ${after}
         AND (${since === null} OR updated_at >= ${since ?? new Date(0)})
       ORDER BY id LIMIT 10000`;
    if (rows.length === 0) return ids;
    for (const row of rows) ids.push(num(row.id));
    after = ids[ids.length - 1] as number;
  }
}

function chunk(ids: number[], size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
