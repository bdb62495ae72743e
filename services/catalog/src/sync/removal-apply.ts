/**
 * Applies removals the sync decided: soft-removes movies and series, marks versions and
 * episode files as left (with their cause), unlinks episodes from removed files, and records
 * the catalog events of domain.md 1.11 in the same transaction. A replacement announces the
 * old version's removal before the new version's addition.
 */
import type { Events } from '@mcs/contracts';
import { envelope, type Envelope, num } from '@mcs/kit';
import type { MediaEvents } from '../messaging/media-events';
import type { Tx } from '../db';
import { touch } from './rows';
import type { SyncRun } from './run';

export interface FileRemoval {
  id: number;
  cause: Events.components['schemas']['FileRemovalCause'];
  replacedBy: number | null;
}

export async function removeItems(
  tx: Tx,
  events: MediaEvents,
  kind: 'movie' | 'series',
  ids: number[],
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
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
  await events.addAll(
    tx,
    'media.removed',
    rows.map((row) => ({ media_type: kind, media_id: num(row.id), removed_at: now.toISOString() })),
  );
  return rows.length;
}

export async function removeVersions(
  tx: Tx,
  events: MediaEvents,
  removals: FileRemoval[],
  now: Date,
  announce: (replacedBy: number) => { movie_id: number; version_id: number } | null,
): Promise<number> {
  if (removals.length === 0) return 0;
  const rows = await tx.$queryRaw<
    { id: bigint; movie_id: bigint; cause: FileRemoval['cause']; replaced_by: bigint | null }[]
  >`
    UPDATE movie_versions v
       SET removed_at = ${now}, removal_cause = x.cause, replaced_by_version_id = x.replaced_by,
           updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(removals.map(asRow))}::jsonb)
           AS x(id bigint, cause text, replaced_by bigint)
     WHERE v.id = x.id AND v.removed_at IS NULL
    RETURNING v.id, v.movie_id, x.cause, x.replaced_by`;
  // One insert for all the events (one per removal took a round trip each: 0.5 s for the
  // 700 events of a 1 % change), each replacement's addition right after its removal.
  const messages: Envelope[] = [];
  for (const row of rows) {
    const replacedBy = row.replaced_by === null ? null : num(row.replaced_by);
    messages.push(
      envelope('media.version_removed', {
        movie_id: num(row.movie_id),
        version_id: num(row.id),
        cause: row.cause,
        replaced_by_version_id: replacedBy,
      }),
    );
    const added = replacedBy === null ? null : announce(replacedBy);
    if (added) messages.push(envelope('media.version_added', added));
  }
  await events.addInOrder(tx, messages);
  await touch(
    tx,
    'movies',
    rows.map((row) => num(row.movie_id)),
  );
  return rows.length;
}

export async function removeEpisodeFiles(
  tx: Tx,
  events: MediaEvents,
  removals: FileRemoval[],
  now: Date,
): Promise<number> {
  if (removals.length === 0) return 0;
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
  await events.addAll(
    tx,
    'media.episode_file_removed',
    rows
      // A file that holds no episode (any more) has nothing to tell cleanup.
      .filter((row) => row.episode_ids.length > 0)
      .map((row) => ({
        series_id: num(row.series_id),
        episode_file_id: num(row.id),
        episode_ids: row.episode_ids.map(Number),
        cause: row.cause,
        replaced_by_file_id: row.replaced_by === null ? null : num(row.replaced_by),
      })),
  );
  await touch(
    tx,
    'series',
    rows.map((row) => num(row.series_id)),
  );
  return rows.length;
}

/** The version_added of replacements that were not announced (their removal is held). */
export async function announceReplacements(tx: Tx, events: MediaEvents, run: SyncRun) {
  const pending = [...run.replacements].map(([versionId, movieId]) => ({
    movie_id: movieId,
    version_id: versionId,
  }));
  run.replacements.clear();
  await events.addAll(tx, 'media.version_added', pending);
}

function asRow(removal: FileRemoval) {
  return { id: removal.id, cause: removal.cause, replaced_by: removal.replacedBy };
}
