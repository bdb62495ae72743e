import type { Events } from '@mcs/contracts';
import { num } from '@mcs/kit';
/** Soft-removals of media rows, for the sync, a file operation's outcome and a confirmation. */
import type { Tx } from '../db';

export interface FileRemoval {
  id: number;
  cause: Events.components['schemas']['FileRemovalCause'];
  replacedBy: number | null;
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

/**
 * Marks the live ones of the versions left, with their cause, and touches their movies (their
 * facts' as_of moves); returns the versions marked.
 */
export async function markVersionsRemoved(tx: Tx, removals: FileRemoval[], now: Date) {
  return tx.$queryRaw<
    { id: bigint; movie_id: bigint; cause: FileRemoval['cause']; replaced_by: bigint | null }[]
  >`
    WITH removed AS (
      UPDATE movie_versions v
         SET removed_at = ${now}, removal_cause = x.cause, replaced_by_version_id = x.replaced_by,
             updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(removals.map(asRow))}::jsonb)
             AS x(id bigint, cause text, replaced_by bigint)
       WHERE v.id = x.id AND v.removed_at IS NULL
      RETURNING v.id, v.movie_id, x.cause, x.replaced_by
    ), touched AS (
      UPDATE movies SET updated_at = now() WHERE id IN (SELECT movie_id FROM removed)
    )
    SELECT id, movie_id, cause, replaced_by FROM removed`;
}

/**
 * Marks the live ones of the episode files left, with their cause, unlinks the episodes that
 * held them and touches their series; returns the files marked.
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
  const series = [...new Set(rows.map((row) => num(row.series_id)))];
  await tx.$executeRaw`UPDATE series SET updated_at = now() WHERE id = ANY(${series}::bigint[])`;
  return rows;
}

function asRow(removal: FileRemoval) {
  return { id: removal.id, cause: removal.cause, replaced_by: removal.replacedBy };
}
