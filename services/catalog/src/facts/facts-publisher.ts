/**
 * Publishes the facts of live items changed since a time (a sync's start, or a backfill's
 * `since`), group by group so memory stays bounded: movies 500 at a time, full series 25 at a
 * time (a series carries all its episodes and files), series parts 200 at a time (a few
 * episodes and files each). Two groups are in flight at once, so that PostgreSQL builds and
 * stores one while this process parses and validates the other.
 */
import type { SqlClient } from '@mcs/kit';
import type { Db } from '../db';
import { seriesPublication } from '../domain/series-publication';
import type { MediaEvents } from '../messaging/media-events';
import { changedItems, movieFacts } from './media-facts.repository';
import { seriesFacts, seriesParts } from './series-facts.repository';

const GROUP = { movies: 500, series: 25, parts: 200 } as const;
const IN_FLIGHT = 2;

/** An incremental sync: the series whose own facts it changed (the rest may go as parts). */
export interface IncrementalScope {
  rootsChanged: ReadonlySet<number>;
}

export async function publishFacts(
  db: Db,
  /** Plain pg over the same pool (kit pgDatabase), for the series documents. */
  direct: SqlClient,
  events: MediaEvents,
  since: Date | null,
  incremental?: IncrementalScope,
): Promise<number> {
  // Facts are read and their messages written outside any Prisma transaction: each group is
  // one read and one insert per message, nothing to commit together, and plain pg moves the
  // megabytes of series JSON about twice as fast.
  const movies = await changedItems(db, 'movies', since);
  await inGroups(
    movies.map((movie) => movie.id),
    GROUP.movies,
    async (ids) => {
      const facts = await movieFacts(db, ids);
      if (facts.length > 0) await events.itemsUpserted(direct, facts);
    },
  );
  const series = await changedItems(db, 'series', since);
  const full: number[] = [];
  const parts: number[] = [];
  for (const { id, existedBefore } of series) {
    const publication = seriesPublication({
      incremental: incremental !== undefined && since !== null,
      existedBefore,
      rootChanged: incremental?.rootsChanged.has(id) ?? false,
    });
    (publication === 'parts' ? parts : full).push(id);
  }
  await inGroups(full, GROUP.series, async (ids) => {
    const facts = await seriesFacts(direct, ids);
    if (facts.length > 0) await events.itemsUpserted(direct, facts);
  });
  await inGroups(parts, GROUP.parts, async (ids) => {
    const facts = await seriesParts(direct, ids, since ?? new Date(0));
    if (facts.length > 0) await events.seriesPartsUpserted(direct, facts);
  });
  return movies.length + series.length;
}

async function inGroups(
  ids: number[],
  size: number,
  publish: (ids: number[]) => Promise<void>,
): Promise<void> {
  const groups: number[][] = [];
  for (let i = 0; i < ids.length; i += size) groups.push(ids.slice(i, i + size));
  let next = 0;
  const worker = async () => {
    while (next < groups.length) await publish(groups[next++] as number[]);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}
