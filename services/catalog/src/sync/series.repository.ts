import { num } from '@mcs/kit';
/** The sync's reads and writes of series, seasons and episodes (bulk rows: sync.repository). */
import type { Tx } from '../db';
import type { StoredFile } from './file-rows';
import type { Row } from './rows';

export interface SeriesRow extends Row {
  id: bigint;
  tmdb_id: number;
  tvdb_id: string | null;
  imdb_id: string | null;
  genres: string[];
  /** Set once TMDB answered: its genres then stand (enrichment), not the server's. */
  metadata_refreshed_at: Date | null;
  library_ids: bigint[];
  server_item_id: string | null;
  removed_at: Date | null;
}
/** Series linked to one of the server items, or holding one of the tmdb ids, removed or not. */
export async function seriesCandidates(
  tx: Tx,
  keys: { serverIds: string[]; tmdbIds: number[] },
): Promise<SeriesRow[]> {
  return tx.$queryRaw<SeriesRow[]>`
    SELECT id, tmdb_id, tvdb_id, imdb_id, title, original_title, year, genres,
           metadata_refreshed_at, added_at, library_ids, server_item_id, removed_at
      FROM series
     WHERE server_item_id = ANY(${keys.serverIds}::text[])
        OR tmdb_id = ANY(${keys.tmdbIds}::int[])`;
}

/** Sonarr knows the tmdb_id of a series the server reports with a TVDB id only. */
export async function tmdbByTvdb(tx: Tx, tvdbIds: string[]): Promise<Map<string, number>> {
  if (tvdbIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ tvdb_id: string; tmdb_id: number }[]>`
    SELECT DISTINCT tvdb_id, tmdb_id FROM arr_series
     WHERE tvdb_id = ANY(${tvdbIds}::text[]) AND tmdb_id IS NOT NULL`;
  return new Map(rows.map((row) => [row.tvdb_id, row.tmdb_id]));
}

/** Live series by server item id: where the seasons and episodes of unlisted series belong. */
export async function liveSeriesByServerId(
  tx: Tx,
  serverIds: string[],
): Promise<Map<string, number>> {
  const rows = await tx.$queryRaw<{ id: bigint; server_item_id: string }[]>`
    SELECT id, server_item_id FROM series
     WHERE server_item_id = ANY(${serverIds}::text[]) AND removed_at IS NULL`;
  return new Map(rows.map((row) => [row.server_item_id, num(row.id)]));
}

/** Creates or refreshes seasons; returns the series whose seasons changed. */
export async function upsertSeasonRows(tx: Tx, rows: Row[]): Promise<number[]> {
  const changed = await tx.$queryRaw<{ series_id: bigint }[]>`
    INSERT INTO seasons AS s (series_id, season_number, title, added_at, server_item_id)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(series_id bigint,
           season_number int, title text, added_at timestamptz, server_item_id text)
    ON CONFLICT (series_id, season_number) DO UPDATE
       SET title = EXCLUDED.title, added_at = EXCLUDED.added_at,
           server_item_id = EXCLUDED.server_item_id, removed_at = NULL, updated_at = now()
     WHERE (s.title, s.added_at, s.server_item_id) IS DISTINCT FROM
           (EXCLUDED.title, EXCLUDED.added_at, EXCLUDED.server_item_id) OR s.removed_at IS NOT NULL
    RETURNING s.series_id`;
  return changed.map((row) => num(row.series_id));
}

/** Seasons without details (an episode names them before the season list did). */
export async function insertBareSeasons(
  tx: Tx,
  rows: { series_id: number; season_number: number }[],
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO seasons (series_id, season_number)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(series_id bigint, season_number int)
    ON CONFLICT (series_id, season_number) DO NOTHING`;
}

/** The ids of the seasons given by series and number. */
export async function seasonIdsOf(
  tx: Tx,
  rows: { series_id: number; season_number: number }[],
): Promise<{ id: number; seriesId: number; seasonNumber: number }[]> {
  const found = await tx.$queryRaw<{ id: bigint; series_id: bigint; season_number: number }[]>`
    SELECT s.id, s.series_id, s.season_number FROM seasons s
      JOIN jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(series_id bigint, season_number int)
        ON x.series_id = s.series_id AND x.season_number = s.season_number`;
  return found.map((row) => ({
    id: num(row.id),
    seriesId: num(row.series_id),
    seasonNumber: row.season_number,
  }));
}

interface EpisodeColumns extends Row {
  id: bigint;
  series_id: bigint;
  season_number: number;
  episode_number: number;
  episode_file_id: bigint | null;
}

export interface StoredEpisode extends EpisodeColumns {
  file: StoredFile | null;
}

/** An episode as queried: its file is still the JSON that to_jsonb made of the row. */
interface StoredEpisodeRow extends EpisodeColumns {
  file: Row | null;
}

/** Episodes by series, season and number (`series:season:episode`), with their live file. */
export async function storedEpisodes(
  tx: Tx,
  keys: { series_id: number; season_number: number; episode_number: number }[],
): Promise<Map<string, StoredEpisode>> {
  const rows = await tx.$queryRaw<StoredEpisodeRow[]>`
    SELECT e.id, e.series_id, e.season_id, e.season_number, e.episode_number, e.title,
           e.air_date, e.added_at, e.server_item_id, e.episode_file_id, e.removed_at,
           CASE WHEN f.id IS NULL THEN NULL ELSE to_jsonb(f) END AS file
      FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
           AS k(series_id bigint, season_number int, episode_number int)
      JOIN episodes e ON e.series_id = k.series_id AND e.season_number = k.season_number
                     AND e.episode_number = k.episode_number
      LEFT JOIN episode_files f ON f.id = e.episode_file_id AND f.removed_at IS NULL`;
  return new Map(
    rows.map((row) => [
      `${num(row.series_id)}:${row.season_number}:${row.episode_number}`,
      {
        ...row,
        file: row.file ? storedFileOf(row.file) : null,
      },
    ]),
  );
}

/** to_jsonb turns BIGINT into numbers and timestamps into text: back to the column types. */
function storedFileOf(json: Row): StoredFile {
  const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
  const bigint = (value: unknown) => (typeof value === 'number' ? BigInt(value) : null);
  return {
    ...json,
    id: BigInt(Number(json.id)),
    path: String(json.path),
    size_bytes: bigint(json.size_bytes),
    duration_ms: bigint(json.duration_ms),
    arr_key: typeof json.arr_key === 'string' ? json.arr_key : null,
    added_at: date(json.added_at),
    file_added_at: date(json.file_added_at),
  };
}

/**
 * Live files of the series at the observed paths and sizes (multi-episode files, relinks), by
 * `series:path`.
 */
export async function liveFilesAt(
  tx: Tx,
  keys: { series_id: number; path: string; size: number | null }[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ id: bigint; series_id: bigint; path: string }[]>`
    SELECT f.id, f.series_id, f.path FROM episode_files f
      JOIN jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(series_id bigint, path text, size bigint)
        ON f.series_id = k.series_id AND f.path = k.path AND f.size_bytes IS NOT DISTINCT FROM k.size
     WHERE f.removed_at IS NULL`;
  return new Map(rows.map((row) => [`${num(row.series_id)}:${row.path}`, num(row.id)]));
}

/** Each file lists the episodes it holds; returns series whose files gained one. */
export async function recordHolders(tx: Tx, holds: { id: number; episode_id: number }[]) {
  if (holds.length === 0) return [];
  const rows = await tx.$queryRaw<{ series_id: bigint }[]>`
    UPDATE episode_files f
       SET episode_ids = ARRAY(SELECT DISTINCT e FROM unnest(f.episode_ids || x.ids) AS e ORDER BY e),
           updated_at = now()
      FROM (SELECT id, array_agg(episode_id) AS ids
              FROM jsonb_to_recordset(${JSON.stringify(holds)}::jsonb) AS h(id bigint, episode_id bigint)
             GROUP BY id) x
     WHERE f.id = x.id AND NOT (f.episode_ids @> x.ids)
    RETURNING f.series_id`;
  return rows.map((row) => num(row.series_id));
}
