import { type BigIntColumn, num, numOrNull, raw, sql, type Sql } from '@mcs/kit';
import type { MediaType, Scope, Target } from '../domain/target';

/**
 * Coverage and overlap of targets as SQL, for protections, candidates and file operations
 * alike. A target is given either as the columns of a table alias or as parameter values.
 */
export interface TargetSql {
  mediaType: Sql;
  mediaId: Sql;
  scope: Sql;
  versionId: Sql;
  seasonId: Sql;
  episodeId: Sql;
}

export function columnsOf(alias: string): TargetSql {
  return {
    mediaType: raw(`${alias}.media_type`),
    mediaId: raw(`${alias}.media_id`),
    scope: raw(`${alias}.scope`),
    versionId: raw(`${alias}.movie_version_id`),
    seasonId: raw(`${alias}.season_id`),
    episodeId: raw(`${alias}.episode_id`),
  };
}

export function valuesOf(target: Target): TargetSql {
  return {
    mediaType: sql`${target.mediaType}::text`,
    mediaId: sql`${target.mediaId}::bigint`,
    scope: sql`${target.scope}::text`,
    versionId: sql`${target.movieVersionId}::bigint`,
    seasonId: sql`${target.seasonId}::bigint`,
    episodeId: sql`${target.episodeId}::bigint`,
  };
}

/**
 * `outer` covers `inner` (domain.md 7.1, downward only): a movie or series covers everything
 * of its root; a season covers itself and its episodes (which carry their season id); a version
 * or an episode covers only itself. Null ids never compare equal, so e.g. a season never
 * covers a series.
 */
export function covers(outer: TargetSql, inner: TargetSql): Sql {
  return sql`(${outer.mediaType} = ${inner.mediaType} AND ${outer.mediaId} = ${inner.mediaId} AND (
    ${outer.scope} IN ('movie', 'series')
    OR (${outer.scope} = 'version' AND ${outer.versionId} = ${inner.versionId})
    OR (${outer.scope} = 'season' AND ${outer.seasonId} = ${inner.seasonId})
    OR (${outer.scope} = 'episode' AND ${outer.episodeId} = ${inner.episodeId})))`;
}

/**
 * Overlap (domain.md 5.4) is coverage in either direction: deleting a parent deletes its
 * children, so an entry on the season of an episode and one on an episode of a season both
 * overlap. Sibling versions do not overlap.
 */
export function overlaps(a: TargetSql, b: TargetSql): Sql {
  return sql`(${covers(a, b)} OR ${covers(b, a)})`;
}

/** Active = permanent or expiring after `now` (the injected clock, never the database's). */
export function activeAt(alias: string, now: Date): Sql {
  return sql`(${raw(`${alias}.permanent`)} OR ${raw(`${alias}.expires_at`)} > ${now}::timestamptz)`;
}

/** A pending request of `kind` overlaps the target of rows aliased `alias` (domain.md 5.4). */
export function pendingRequest(kind: 'protection' | 'delete', alias: string): Sql {
  const table = raw(kind === 'protection' ? 'protection_requests' : 'delete_requests');
  return sql`EXISTS (SELECT 1 FROM ${table} q
                      WHERE q.status = 'pending'
                        AND ${overlaps(columnsOf('q'), columnsOf(alias))})`;
}

/** The target columns every target-keyed table shares (candidates, protections). */
export interface TargetRow {
  media_type: MediaType;
  scope: Scope;
  media_id: BigIntColumn;
  movie_version_id: BigIntColumn | null;
  series_id: BigIntColumn | null;
  season_id: BigIntColumn | null;
  season_number: number | null;
  episode_id: BigIntColumn | null;
  episode_number: number | null;
}

export function targetOf(row: TargetRow): Target {
  return {
    mediaType: row.media_type,
    scope: row.scope,
    mediaId: num(row.media_id),
    movieVersionId: numOrNull(row.movie_version_id),
    seriesId: numOrNull(row.series_id),
    seasonId: numOrNull(row.season_id),
    seasonNumber: row.season_number,
    episodeId: numOrNull(row.episode_id),
    episodeNumber: row.episode_number,
  };
}

/** A target as the snake_case columns of a JSON batch row (the inverse of targetOf). */
export function targetColumns(t: Target) {
  return {
    media_type: t.mediaType,
    scope: t.scope,
    media_id: t.mediaId,
    movie_version_id: t.movieVersionId,
    series_id: t.seriesId,
    season_id: t.seasonId,
    season_number: t.seasonNumber,
    episode_id: t.episodeId,
    episode_number: t.episodeNumber,
  };
}
