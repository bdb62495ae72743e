import { num, raw } from '@mcs/kit';
/**
 * What a sync finds unseen: the live counts and ids it compares with what it listed, and the
 * soft-removal of unseen episodes and seasons.
 */
import type { DbClient, Tx } from '../db';
import { byKind, type ByKind, type RemovalKind } from '../domain/removal-guard';

export async function liveCounts(db: DbClient): Promise<ByKind<number>> {
  const rows = await db.$queryRaw<{ kind: RemovalKind; n: bigint }[]>`
    SELECT 'movie' AS kind, count(*) AS n FROM movies WHERE removed_at IS NULL
    UNION ALL SELECT 'series', count(*) FROM series WHERE removed_at IS NULL
    UNION ALL SELECT 'version', count(*) FROM movie_versions WHERE removed_at IS NULL
    UNION ALL SELECT 'episode_file', count(*) FROM episode_files WHERE removed_at IS NULL`;
  return byKind((kind) => num(rows.find((row) => row.kind === kind)?.n ?? 0));
}

const TABLES = {
  movie: 'movies t',
  series: 'series t',
  version: 'movie_versions t JOIN movies p ON p.id = t.movie_id',
  episode_file: 'episode_files t JOIN series p ON p.id = t.series_id',
  episode: 'episodes t JOIN series p ON p.id = t.series_id',
  season: `seasons t JOIN series p ON p.id = t.series_id
           AND NOT EXISTS (SELECT 1 FROM episodes e JOIN episode_files f ON f.id = e.episode_file_id
                            WHERE e.season_id = t.id AND f.removed_at IS NULL)`,
} as const;

/** What a sync may find unseen: the guard's kinds, and episodes and seasons. */
export type UnseenKind = keyof typeof TABLES;

/**
 * One keyset page (10 000) of live ids after `after`, outside the libraries given (for
 * seasons: only those without a live file).
 */
export async function liveIdsAfter(
  db: DbClient,
  kind: UnseenKind,
  after: number,
  excludedLibraries: readonly number[],
): Promise<number[]> {
  const owner = kind === 'movie' || kind === 'series' ? 't' : 'p';
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    SELECT t.id FROM ${raw(TABLES[kind])}
     WHERE t.removed_at IS NULL AND t.id > ${after}
       AND NOT (${raw(owner)}.library_ids && ${[...excludedLibraries]}::bigint[])
     ORDER BY t.id LIMIT 10000`;
  return rows.map((row) => num(row.id));
}

/** Soft-removes the episodes and seasons and touches their series. */
export async function markUnseenEpisodesAndSeasons(
  tx: Tx,
  ids: { episodes: number[]; seasons: number[] },
  now: Date,
): Promise<void> {
  const touched = await tx.$queryRaw<{ series_id: bigint }[]>`
    UPDATE episodes SET removed_at = ${now}, updated_at = now()
     WHERE id = ANY(${ids.episodes}::bigint[]) RETURNING series_id`;
  const more = await tx.$queryRaw<{ series_id: bigint }[]>`
    UPDATE seasons SET removed_at = ${now}, updated_at = now()
     WHERE id = ANY(${ids.seasons}::bigint[]) RETURNING series_id`;
  const seriesIds = [...touched, ...more].map((row) => num(row.series_id));
  await tx.$executeRaw`UPDATE series SET updated_at = now() WHERE id = ANY(${[...new Set(seriesIds)]}::bigint[])`;
}
