import type { DbClient } from '../db';
import type { MediaType, Scope } from '../domain/target';
import { policyOf, type PolicyRow } from '../candidates/candidate-policy.repository';
import { activeAt, targetOf, type TargetRow } from '../targets/target.repository';

/** The target columns of a protection or candidate, for matching in memory. */
export interface TargetKey {
  mediaId: number;
  scope: Scope;
  movieVersionId: number | null;
  seasonId: number | null;
  episodeId: number | null;
}

interface KeyRow {
  id: bigint;
  media_id: bigint;
  scope: Scope;
  movie_version_id: bigint | null;
  season_id: bigint | null;
  episode_id: bigint | null;
}

const num = (value: bigint | null) => (value === null ? null : Number(value));
const keyOf = (row: KeyRow): TargetKey & { id: number } => ({
  id: Number(row.id),
  mediaId: Number(row.media_id),
  scope: row.scope,
  movieVersionId: num(row.movie_version_id),
  seasonId: num(row.season_id),
  episodeId: num(row.episode_id),
});

/**
 * Every active protection and every candidate of a media type, by root media id: a preview
 * looks targets up in memory instead of querying per page. Both sets are small next to the
 * library (people protect and schedule a fraction of it).
 */
export async function previewLookups(db: DbClient, mediaType: MediaType, now: Date) {
  const protections = await db.$queryRaw<KeyRow[]>`
    SELECT id, media_id, scope, movie_version_id, season_id, episode_id FROM protections p
     WHERE media_type = ${mediaType} AND ${activeAt('p', now)}`;
  const candidates = await db.$queryRaw<KeyRow[]>`
    SELECT id, media_id, scope, movie_version_id, season_id, episode_id FROM candidates
     WHERE media_type = ${mediaType}`;
  return { protections: byMedia(protections), candidates: byMedia(candidates) };
}

function byMedia(rows: KeyRow[]): Map<number, (TargetKey & { id: number })[]> {
  const map = new Map<number, (TargetKey & { id: number })[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key.mediaId);
    if (list) list.push(key);
    else map.set(key.mediaId, [key]);
  }
  return map;
}

/** The current candidates of some roots with their policy and timer, for the what-if diff. */
export async function diffBaseline(db: DbClient, mediaType: MediaType, mediaIds: number[]) {
  const rows = await db.$queryRaw<
    (TargetRow & PolicyRow & { id: bigint })[]
  >`SELECT id, media_type, scope, media_id, movie_version_id, series_id, season_id,
           season_number, episode_id, episode_number, auto_delete_configured,
           auto_delete_delay_days, created_at, auto_delete_timer_started_at,
           auto_delete_postponed_until, auto_delete_cancelled_at
      FROM candidates
     WHERE media_type = ${mediaType} AND media_id = ANY(${mediaIds.map(BigInt)}::bigint[])`;
  return rows.map((row) => ({
    ...targetOf(row),
    id: Number(row.id),
    ...policyOf(row),
  }));
}
