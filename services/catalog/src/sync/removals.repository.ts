import { num, raw } from '@mcs/kit';
/** The sync's removals: live counts and ids, the held set, and the soft-removal writes. */
import type { DbClient, Tx } from '../db';
import { byKind, type ByKind, type RemovalKind } from '../domain/removal-guard';
import type { FileRemoval } from './removal-apply';

export async function liveCounts(db: DbClient): Promise<ByKind<number>> {
  const rows = await db.$queryRaw<{ kind: RemovalKind; n: bigint }[]>`
    SELECT 'movie' AS kind, count(*) AS n FROM movies WHERE removed_at IS NULL
    UNION ALL SELECT 'series', count(*) FROM series WHERE removed_at IS NULL
    UNION ALL SELECT 'version', count(*) FROM movie_versions WHERE removed_at IS NULL
    UNION ALL SELECT 'episode_file', count(*) FROM episode_files WHERE removed_at IS NULL`;
  return byKind((kind) => num(rows.find((row) => row.kind === kind)?.n ?? 0));
}

/** Whether a guarded sync left removals held (domain.md 2.11). */
export async function hasHeldRemovals(db: DbClient): Promise<boolean> {
  return (await db.pendingRemoval.count()) > 0;
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

/** The held set replaced by `slices` of rows. */
export async function replaceHeldRemovals(
  tx: Tx,
  slices: {
    kind: RemovalKind;
    entity_id: number;
    cause: string;
    replaced_by: number | null;
    run_id: number | null;
  }[][],
): Promise<void> {
  await tx.$executeRaw`DELETE FROM pending_removals`;
  for (const slice of slices)
    await tx.$executeRaw`
      INSERT INTO pending_removals (kind, entity_id, cause, replaced_by, run_id)
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(slice)}::jsonb)
        AS x(kind text, entity_id bigint, cause text, replaced_by bigint, run_id bigint)`;
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

/** Soft-removes the live ones of the items; returns their ids. */
export async function markItemsRemoved(
  tx: Tx,
  kind: 'movie' | 'series',
  ids: number[],
  now: Date,
): Promise<number[]> {
  const rows =
    kind === 'movie'
      ? await tx.$queryRaw<
          { id: bigint }[]
        >`UPDATE movies SET removed_at = ${now}, updated_at = now()
          WHERE id = ANY(${ids}::bigint[]) AND removed_at IS NULL RETURNING id`
      : await tx.$queryRaw<
          { id: bigint }[]
        >`UPDATE series SET removed_at = ${now}, updated_at = now()
          WHERE id = ANY(${ids}::bigint[]) AND removed_at IS NULL RETURNING id`;
  return rows.map((row) => num(row.id));
}

/** Marks the live ones of the versions left, with their cause; returns those. */
export async function markVersionsRemoved(tx: Tx, removals: FileRemoval[], now: Date) {
  return tx.$queryRaw<
    { id: bigint; movie_id: bigint; cause: FileRemoval['cause']; replaced_by: bigint | null }[]
  >`
    UPDATE movie_versions v
       SET removed_at = ${now}, removal_cause = x.cause, replaced_by_version_id = x.replaced_by,
           updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(removals.map(asRow))}::jsonb)
           AS x(id bigint, cause text, replaced_by bigint)
     WHERE v.id = x.id AND v.removed_at IS NULL
    RETURNING v.id, v.movie_id, x.cause, x.replaced_by`;
}

/**
 * Marks the live ones of the episode files left, with their cause, and unlinks the episodes
 * that held them; returns the files marked.
 */
export async function markEpisodeFilesRemoved(tx: Tx, removals: FileRemoval[], now: Date) {
  const rows = await tx.$queryRaw<
    {
      id: bigint;
      series_id: bigint;
      episode_ids: bigint[];
      cause: FileRemoval['cause'];
      replaced_by: bigint | null;
    }[]
  >`
    UPDATE episode_files f
       SET removed_at = ${now}, removal_cause = x.cause, replaced_by_file_id = x.replaced_by,
           updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(removals.map(asRow))}::jsonb)
           AS x(id bigint, cause text, replaced_by bigint)
     WHERE f.id = x.id AND f.removed_at IS NULL
    RETURNING f.id, f.series_id, f.episode_ids, x.cause, x.replaced_by`;
  const ids = rows.map((row) => num(row.id));
  await tx.$executeRaw`UPDATE episodes SET episode_file_id = NULL, updated_at = now()
    WHERE episode_file_id = ANY(${ids}::bigint[])`;
  return rows;
}

function asRow(removal: FileRemoval) {
  return { id: removal.id, cause: removal.cause, replaced_by: removal.replacedBy };
}
