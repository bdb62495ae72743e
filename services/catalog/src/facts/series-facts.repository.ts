/**
 * Series facts built by PostgreSQL as JSON, one row per series. A series carries every episode
 * and file (tens of kilobytes each), and a sync may publish thousands of them: building the
 * documents in the database and parsing them natively is several times faster than mapping
 * tens of thousands of rows field by field in JavaScript. The document comes back as text
 * (json, not jsonb: no binary conversion) and is parsed once by the caller.
 *
 * SERIES_FACTS is the full SeriesFacts of media.items_upserted; SERIES_PARTS the SeriesPartsFacts
 * of media.series_parts_upserted: the same root and child objects, children restricted to what
 * changed since `$2`. Both end with `FROM series s`; the caller adds the WHERE clause.
 */
import type { MessagePayload } from '@mcs/contracts';
import type { SqlClient } from '@mcs/kit';

type ItemFacts = MessagePayload<'media.items_upserted'>['items'][number];
type SeriesFacts = Extract<ItemFacts, { media_type: 'series' }>;
type SeriesParts = MessagePayload<'media.series_parts_upserted'>['items'][number];

/** RFC 3339 UTC with milliseconds, as Date.toISOString() writes it. */
const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const fileFacts = (f: string) => `
  'path', ${f}.path,
  'file_name', COALESCE(NULLIF(translate(${f}.file_name, '/\\', '__'), ''), '_'),
  'size_bytes', ${f}.size_bytes, 'duration_ms', ${f}.duration_ms, 'container', ${f}.container,
  'width', ${f}.width, 'height', ${f}.height, 'resolution', ${f}.resolution,
  'video_codec', ${f}.video_codec, 'hdr', ${f}.hdr, 'dolby_vision', ${f}.dolby_vision,
  'bitrate_kbps', ${f}.bitrate_kbps, 'added_at', ${iso(`${f}.added_at`)},
  'file_added_at', ${iso(`${f}.file_added_at`)}, 'disk_id', ${f}.disk_id`;

/** SeriesRootFacts of series `s`, as json_build_object arguments. */
const ROOT = `
    'media_type', 'series', 'media_id', s.id, 'as_of', ${iso('s.updated_at')},
    'tmdb_id', s.tmdb_id, 'imdb_id', s.imdb_id, 'title', s.title,
    'original_title', s.original_title, 'sort_title', s.sort_title, 'year', s.year,
    'status', s.status, 'genres', to_json(s.genres),
    'original_language', s.original_language, 'origin_countries', to_json(s.origin_countries),
    'media_server_collections', to_json(s.media_server_collections),
    'library_ids', to_json(s.library_ids), 'tmdb_vote_average', s.tmdb_vote_average,
    'tmdb_vote_count', s.tmdb_vote_count, 'tmdb_popularity', s.tmdb_popularity,
    'imdb_rating', s.imdb_rating, 'imdb_vote_count', s.imdb_vote_count,
    'poster_url', s.poster_url, 'added_at', ${iso('s.added_at')},
    'arr_added_at', ${iso('s.arr_added_at')}, 'is_monitored', s.is_monitored,
    'arr_tags', to_json(s.arr_tags), 'metadata_refreshed_at', ${iso('s.metadata_refreshed_at')},
    'tvdb_id', s.tvdb_id, 'arr_status', s.arr_status,
    'first_air_date', to_char(s.first_air_date, 'YYYY-MM-DD'),
    'last_air_date', to_char(s.last_air_date, 'YYYY-MM-DD'),
    'tmdb_season_count', s.tmdb_season_count,
    'latest_known_season_number', s.latest_known_season_number,
    'sonarr_service_ids', to_json(s.sonarr_service_ids),
    'disk_id', (SELECT f.disk_id FROM episode_files f WHERE f.series_id = s.id
                  AND f.removed_at IS NULL AND f.disk_id IS NOT NULL LIMIT 1)`;

/** The live seasons of `s` (alias se) matching `filter`, as a JSON array. */
const seasons = (filter: string) => `COALESCE((SELECT json_agg(json_build_object(
        'season_id', se.id, 'season_number', se.season_number, 'title', se.title,
        'air_date', ${iso('se.air_date')}, 'episode_count', se.episode_count,
        'is_monitored', se.is_monitored, 'added_at', ${iso('se.added_at')})
        ORDER BY se.season_number)
      FROM seasons se WHERE se.series_id = s.id AND se.removed_at IS NULL AND (${filter})), '[]'::json)`;

/** The live episodes of `s` (alias e) matching `filter`, as a JSON array. */
const episodes = (filter: string) => `COALESCE((SELECT json_agg(json_build_object(
        'episode_id', e.id, 'season_id', e.season_id, 'season_number', e.season_number,
        'episode_number', e.episode_number, 'title', e.title, 'air_date', ${iso('e.air_date')},
        'is_monitored', e.is_monitored, 'episode_file_id', f.id, 'added_at', ${iso('e.added_at')})
        ORDER BY e.season_number, e.episode_number)
      FROM episodes e LEFT JOIN episode_files f ON f.id = e.episode_file_id AND f.removed_at IS NULL
      WHERE e.series_id = s.id AND e.removed_at IS NULL AND (${filter})), '[]'::json)`;

/** The live files of `s` (alias f) matching `filter`, as a JSON array. */
const files = (filter: string) => `COALESCE((SELECT json_agg(json_build_object(
        'episode_file_id', f.id, 'episode_ids', to_json(h.ids), ${fileFacts('f')}) ORDER BY f.id)
      FROM episode_files f
      -- The episodes that hold each file now; a file no live episode holds is left out.
      JOIN (SELECT e.episode_file_id AS id, array_agg(e.id ORDER BY e.id) AS ids
              FROM episodes e
             WHERE e.series_id = s.id AND e.removed_at IS NULL AND e.episode_file_id IS NOT NULL
             GROUP BY e.episode_file_id) h ON h.id = f.id
      WHERE f.series_id = s.id AND f.removed_at IS NULL AND (${filter})), '[]'::json)`;

const SERIES_FACTS = `
  SELECT s.id, json_build_object(${ROOT},
    'seasons', ${seasons('TRUE')},
    'episodes', ${episodes('TRUE')},
    'episode_files', ${files('TRUE')}
  )::text AS facts
  FROM series s`;

/** A column of the live episodes of `s` that changed since `$2`. */
const ofChangedEpisodes = (column: string) => `SELECT c.${column} FROM episodes c
   WHERE c.series_id = s.id AND c.removed_at IS NULL AND c.updated_at >= $2::timestamptz`;

/**
 * Parts changed since `$2`: episodes and files written since (sync, Arr link, removals all move
 * updated_at), seasons likewise, plus the season and the file of every listed episode, so that
 * each listed episode's season and file travel with it.
 */
const SERIES_PARTS = `
  SELECT s.id, json_build_object(
    'media_id', s.id, 'as_of', ${iso('s.updated_at')},
    'series', json_build_object(${ROOT}),
    'seasons', ${seasons(`se.updated_at >= $2::timestamptz OR se.id IN (${ofChangedEpisodes('season_id')})`)},
    'episodes', ${episodes('e.updated_at >= $2::timestamptz')},
    'episode_files', ${files(`f.updated_at >= $2::timestamptz OR f.id IN (${ofChangedEpisodes('episode_file_id')})`)}
  )::text AS facts
  FROM series s`;

export async function seriesFacts(db: SqlClient, seriesIds: number[]): Promise<SeriesFacts[]> {
  if (seriesIds.length === 0) return [];
  const rows = await db.$queryRawUnsafe<{ facts: string }[]>(
    `${SERIES_FACTS} WHERE s.id = ANY($1::bigint[]) AND s.removed_at IS NULL ORDER BY s.id`,
    seriesIds,
  );
  return rows.map((row) => JSON.parse(row.facts) as SeriesFacts);
}

/** Root facts and the seasons, episodes and files changed since `since`, per live series. */
export async function seriesParts(
  db: SqlClient,
  seriesIds: number[],
  since: Date,
): Promise<SeriesParts[]> {
  if (seriesIds.length === 0) return [];
  const rows = await db.$queryRawUnsafe<{ facts: string }[]>(
    `${SERIES_PARTS} WHERE s.id = ANY($1::bigint[]) AND s.removed_at IS NULL ORDER BY s.id`,
    seriesIds,
    since,
  );
  return rows.map((row) => JSON.parse(row.facts) as SeriesParts);
}
