import { join, sql } from '@mcs/kit';
import type { DbClient } from '../db';
import type { Target } from '../domain/target';
import { activeAt, columnsOf, covers, type TargetSql } from './target.sql';

/** A target as a row of a VALUES list, numbered to map the answers back. */
function valuesRow(target: Target, index: number) {
  return sql`(${index}::int, ${target.mediaType}::text, ${target.mediaId}::bigint,
    ${target.scope}::text, ${target.movieVersionId}::bigint, ${target.seasonId}::bigint,
    ${target.episodeId}::bigint)`;
}

const T: TargetSql = {
  mediaType: sql`t.media_type`,
  mediaId: sql`t.media_id`,
  scope: sql`t.scope`,
  versionId: sql`t.version_id`,
  seasonId: sql`t.season_id`,
  episodeId: sql`t.episode_id`,
};

/**
 * For each target (by position): whether an active protection of any source overlaps it, and
 * the id of the candidate on exactly that target, if any. Two set-based queries per call.
 */
export async function targetStates(
  db: DbClient,
  targets: readonly Target[],
  now: Date,
): Promise<{ protected: boolean; candidateId: number | null }[]> {
  const states = targets.map(() => ({ protected: false, candidateId: null as number | null }));
  if (targets.length === 0) return states;
  const values = sql`(VALUES ${join(targets.map(valuesRow))})
    AS t(i, media_type, media_id, scope, version_id, season_id, episode_id)`;
  const p = columnsOf('p');
  const guarded = await db.$queryRaw<{ i: number }[]>`
    SELECT DISTINCT t.i FROM ${values}
      JOIN protections p ON p.media_type = t.media_type AND p.media_id = t.media_id
     WHERE ${activeAt('p', now)} AND (${covers(p, T)} OR ${covers(T, p)})`;
  for (const row of guarded) {
    const state = states[row.i];
    if (state) state.protected = true;
  }
  const candidates = await db.$queryRaw<{ i: number; id: bigint }[]>`
    SELECT t.i, c.id FROM ${values}
      JOIN candidates c ON c.media_type = t.media_type AND c.media_id = t.media_id
       AND c.scope = t.scope
       AND c.movie_version_id IS NOT DISTINCT FROM t.version_id
       AND c.season_id IS NOT DISTINCT FROM t.season_id
       AND c.episode_id IS NOT DISTINCT FROM t.episode_id`;
  for (const row of candidates) {
    const state = states[row.i];
    if (state) state.candidateId = Number(row.id);
  }
  return states;
}
