import { num, readPage, sql, type SqlClient, whereAll, type Sql } from '@mcs/kit';
import type { DbClient } from '../db';
import type { MediaType } from '../domain/target';
import { activeAt } from '../targets/target.repository';

export interface MediaItemFilters {
  mediaType?: MediaType;
  search?: string;
  includeRemoved: boolean;
}

export interface MediaItemRecord {
  mediaType: MediaType;
  mediaId: number;
  title: string;
  year: number | null;
  tmdbId: number | null;
  posterUrl: string | null;
  sizeBytes: number | null;
  candidateIds: number[];
  protectionIds: number[];
  removedAt: Date | null;
}

interface ItemRow {
  media_type: MediaType;
  media_id: bigint;
  title: string;
  year: number | null;
  tmdb_id: bigint | null;
  poster_url: string | null;
  size_bytes: bigint | null;
  candidate_ids: bigint[];
  protection_ids: bigint[];
  removed_at: Date | null;
}

/**
 * The item's columns, its known size (a movie's versions, a series' episode files) and the ids
 * of its candidates and active protections, each from an index on (media_type, media_id). A
 * removed item's protections shield nothing, so none are listed (as GET /api/protected does).
 */
function itemSelect(now: Date): Sql {
  return sql`SELECT m.media_type, m.media_id, m.title, m.year, m.tmdb_id,
      m.facts->>'poster_url' AS poster_url, m.removed_at,
      CASE WHEN m.media_type = 'movie'
        THEN (SELECT sum(v.size_bytes)::bigint FROM movie_versions v WHERE v.movie_id = m.media_id)
        ELSE (SELECT sum(f.size_bytes)::bigint FROM episode_files f WHERE f.series_id = m.media_id)
      END AS size_bytes,
      ARRAY(SELECT c.id FROM candidates c
            WHERE c.media_type = m.media_type AND c.media_id = m.media_id ORDER BY c.id) AS candidate_ids,
      ARRAY(SELECT p.id FROM protections p
            WHERE p.media_type = m.media_type AND p.media_id = m.media_id AND ${activeAt('p', now)}
              AND m.removed_at IS NULL
            ORDER BY p.id) AS protection_ids
    FROM media_items m`;
}

function conditions(filters: MediaItemFilters): Sql[] {
  const where: Sql[] = [];
  if (!filters.includeRemoved) where.push(sql`m.removed_at IS NULL`);
  if (filters.mediaType !== undefined) where.push(sql`m.media_type = ${filters.mediaType}`);
  if (filters.search !== undefined) {
    where.push(sql`strpos(lower(m.title), lower(${filters.search})) > 0`);
  }
  return where;
}

/** A page of items by title, and how many match (one statement: `readPage`). */
export async function listMediaItems(
  db: SqlClient,
  filters: MediaItemFilters,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ records: MediaItemRecord[]; total: number }> {
  const where = whereAll(conditions(filters));
  const { rows, total } = await readPage<ItemRow>(db, {
    total: sql`SELECT count(*) FROM media_items m ${where}`,
    page: sql`${itemSelect(now)} ${where}
              ORDER BY lower(m.title), m.media_type, m.media_id
              LIMIT ${page.limit} OFFSET ${page.offset}`,
    order: sql`lower(p.title), p.media_type, p.media_id`,
  });
  return { records: rows.map(toRecord), total };
}

export async function findMediaItem(
  db: DbClient,
  mediaType: MediaType,
  mediaId: number,
  now: Date,
): Promise<MediaItemRecord | undefined> {
  const rows = await db.$queryRaw<ItemRow[]>`${itemSelect(now)}
    WHERE m.media_type = ${mediaType} AND m.media_id = ${mediaId}::bigint`;
  return rows[0] && toRecord(rows[0]);
}

export interface VersionRecord {
  id: number;
  fileName: string;
  sizeBytes: number | null;
  resolution: string | null;
  videoCodec: string | null;
  hdr: boolean | null;
  dolbyVision: boolean | null;
  addedAt: string | null;
}

/** A movie's versions, oldest first; the file name only (the facts' path never leaves). */
export async function listVersions(db: DbClient, movieId: number): Promise<VersionRecord[]> {
  const rows = await db.$queryRaw<
    {
      id: bigint;
      file_name: string;
      size_bytes: bigint | null;
      resolution: string | null;
      video_codec: string | null;
      hdr: boolean | null;
      dolby_vision: boolean | null;
      added_at: string | null;
    }[]
  >`SELECT v.id, v.file_name, v.size_bytes, v.resolution, v.video_codec, v.hdr, v.dolby_vision,
           v.facts->>'added_at' AS added_at
    FROM movie_versions v WHERE v.movie_id = ${movieId}::bigint ORDER BY v.id`;
  return rows.map((row) => ({
    id: num(row.id),
    fileName: row.file_name,
    sizeBytes: row.size_bytes === null ? null : num(row.size_bytes),
    resolution: row.resolution,
    videoCodec: row.video_codec,
    hdr: row.hdr,
    dolbyVision: row.dolby_vision,
    addedAt: row.added_at,
  }));
}

export interface EpisodeRecord {
  id: number;
  seasonId: number;
  seasonNumber: number;
  episodeNumber: number;
  title: string | null;
  airDate: string | null;
  hasFile: boolean;
}

/** A series' seasons (also those without episodes) and episodes, in order. */
export async function listSeasons(
  db: DbClient,
  seriesId: number,
): Promise<{ seasons: { id: number; seasonNumber: number }[]; episodes: EpisodeRecord[] }> {
  const [seasons, episodes] = await Promise.all([
    db.$queryRaw<{ id: bigint; season_number: number }[]>`
      SELECT id, season_number FROM seasons WHERE series_id = ${seriesId}::bigint
      ORDER BY season_number, id`,
    db.$queryRaw<
      {
        id: bigint;
        season_id: bigint;
        season_number: number;
        episode_number: number;
        title: string | null;
        air_date: string | null;
        has_file: boolean;
      }[]
    >`SELECT id, season_id, season_number, episode_number, facts->>'title' AS title,
             facts->>'air_date' AS air_date, episode_file_id IS NOT NULL AS has_file
      FROM episodes WHERE series_id = ${seriesId}::bigint
      ORDER BY season_number, episode_number, id`,
  ]);
  return {
    seasons: seasons.map((row) => ({ id: num(row.id), seasonNumber: row.season_number })),
    episodes: episodes.map((row) => ({
      id: num(row.id),
      seasonId: num(row.season_id),
      seasonNumber: row.season_number,
      episodeNumber: row.episode_number,
      title: row.title,
      airDate: row.air_date,
      hasFile: row.has_file,
    })),
  };
}

function toRecord(row: ItemRow): MediaItemRecord {
  return {
    mediaType: row.media_type,
    mediaId: num(row.media_id),
    title: row.title,
    year: row.year,
    tmdbId: row.tmdb_id === null ? null : num(row.tmdb_id),
    posterUrl: row.poster_url,
    sizeBytes: row.size_bytes === null ? null : num(row.size_bytes),
    candidateIds: row.candidate_ids.map(num),
    protectionIds: row.protection_ids.map(num),
    removedAt: row.removed_at,
  };
}
