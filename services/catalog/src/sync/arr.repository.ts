/** Writes of Radarr/Sonarr state per instance; each batch is one statement. */
import { createHash } from 'node:crypto';
import { num } from '@mcs/kit';
import type {
  ArrEpisode,
  ArrMovie,
  ArrSeries,
  ArrTag,
  DiskSpace,
} from '../integrations/arr/records';
import type { Listed } from '../integrations/http';
import type { DbClient } from '../db';

/** Opaque, stable id of a disk (instance + root path): what may leave the service. */
export function diskIdOf(serviceId: number, path: string): string {
  return createHash('sha256').update(`${serviceId}\n${path}`).digest('hex').slice(0, 24);
}

export async function storeTags(db: DbClient, serviceId: number, tags: ArrTag[]) {
  await db.$executeRaw`DELETE FROM arr_tags WHERE service_config_id = ${serviceId}`;
  if (tags.length === 0) return;
  await db.$executeRaw`
    INSERT INTO arr_tags (service_config_id, tag_id, label)
    SELECT ${serviceId}, x.id, x.label
      FROM jsonb_to_recordset(${JSON.stringify(tags)}::jsonb) AS x(id int, label text)
    ON CONFLICT DO NOTHING`;
}

export async function storeDisks(db: DbClient, serviceId: number, disks: DiskSpace[], now: Date) {
  await db.$executeRaw`DELETE FROM arr_disks WHERE service_config_id = ${serviceId}`;
  const rows = disks.map((disk) => ({
    disk_id: diskIdOf(serviceId, disk.path),
    path: disk.path,
    free: disk.freeBytes,
    total: disk.totalBytes,
  }));
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO arr_disks (service_config_id, disk_id, path, free_bytes, total_bytes, checked_at)
    SELECT ${serviceId}, x.disk_id, x.path, x.free, x.total, ${now}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS x(disk_id text, path text, free bigint, total bigint)
    ON CONFLICT DO NOTHING`;
}

/**
 * The digests of the instance's stored entries, digest → arr id: entries that come back
 * byte-for-byte the same need no parsing and no write.
 */
export async function knownDigests(
  db: DbClient,
  table: 'arr_movies' | 'arr_series',
  serviceId: number,
): Promise<Map<string, number>> {
  const rows = await db.$queryRawUnsafe<{ arr_id: number; source_digest: string }[]>(
    `SELECT arr_id, source_digest FROM ${table}
      WHERE service_config_id = $1 AND source_digest IS NOT NULL`,
    serviceId,
  );
  return new Map(rows.map((row) => [row.source_digest, row.arr_id]));
}

/**
 * Upserts a batch. Only rows whose facts changed get a new updated_at (the link's dirt); the
 * digest is kept up to date either way, so an entry that changed only in fields we do not
 * read (ratings, say) is skipped next time.
 */
export async function storeArrMovies(db: DbClient, serviceId: number, movies: Listed<ArrMovie>[]) {
  const rows = movies.map(({ value: m, digest }) => ({
    arr_id: m.externalId,
    tmdb_id: m.tmdbId,
    imdb_id: m.imdbId,
    title: m.title,
    monitored: m.monitored,
    tag_ids: m.tagIds,
    added_at: m.addedAt,
    file_id: m.file?.externalId ?? null,
    file_path: m.file?.path ?? null,
    file_size: m.file?.sizeBytes ?? null,
    file_added_at: m.file?.addedAt ?? null,
    source_digest: digest,
  }));
  await db.$executeRaw`
    INSERT INTO arr_movies AS a (service_config_id, arr_id, tmdb_id, imdb_id, title, monitored,
                                 tag_ids, added_at, file_id, file_path, file_size, file_added_at,
                                 source_digest)
    SELECT ${serviceId}, x.* FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
           arr_id int, tmdb_id int, imdb_id text, title text, monitored boolean, tag_ids int[],
           added_at timestamptz, file_id int, file_path text, file_size bigint,
           file_added_at timestamptz, source_digest text)
    ON CONFLICT (service_config_id, arr_id) DO UPDATE
       SET tmdb_id = EXCLUDED.tmdb_id, imdb_id = EXCLUDED.imdb_id, title = EXCLUDED.title,
           monitored = EXCLUDED.monitored, tag_ids = EXCLUDED.tag_ids,
           added_at = EXCLUDED.added_at, file_id = EXCLUDED.file_id,
           file_path = EXCLUDED.file_path, file_size = EXCLUDED.file_size,
           file_added_at = EXCLUDED.file_added_at, source_digest = EXCLUDED.source_digest,
           updated_at = CASE WHEN
             (a.tmdb_id, a.imdb_id, a.title, a.monitored, a.tag_ids, a.added_at, a.file_id,
              a.file_path, a.file_size, a.file_added_at)
             IS DISTINCT FROM
             (EXCLUDED.tmdb_id, EXCLUDED.imdb_id, EXCLUDED.title, EXCLUDED.monitored,
              EXCLUDED.tag_ids, EXCLUDED.added_at, EXCLUDED.file_id, EXCLUDED.file_path,
              EXCLUDED.file_size, EXCLUDED.file_added_at)
             THEN now() ELSE a.updated_at END
     WHERE (a.tmdb_id, a.imdb_id, a.title, a.monitored, a.tag_ids, a.added_at, a.file_id,
            a.file_path, a.file_size, a.file_added_at, a.source_digest)
           IS DISTINCT FROM
           (EXCLUDED.tmdb_id, EXCLUDED.imdb_id, EXCLUDED.title, EXCLUDED.monitored,
            EXCLUDED.tag_ids, EXCLUDED.added_at, EXCLUDED.file_id, EXCLUDED.file_path,
            EXCLUDED.file_size, EXCLUDED.file_added_at, EXCLUDED.source_digest)`;
}

/** As storeArrMovies, for series. */
export async function storeArrSeries(db: DbClient, serviceId: number, series: Listed<ArrSeries>[]) {
  const rows = series.map(({ value: s, digest }) => ({
    arr_id: s.externalId,
    tvdb_id: s.tvdbId,
    tmdb_id: s.tmdbId,
    imdb_id: s.imdbId,
    title: s.title,
    status: s.status,
    monitored: s.monitored,
    tag_ids: s.tagIds,
    added_at: s.addedAt,
    seasons: s.seasons,
    source_digest: digest,
  }));
  await db.$executeRaw`
    INSERT INTO arr_series AS a (service_config_id, arr_id, tvdb_id, tmdb_id, imdb_id, title,
                                 status, monitored, tag_ids, added_at, seasons, source_digest)
    SELECT ${serviceId}, x.* FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
           arr_id int, tvdb_id text, tmdb_id int, imdb_id text, title text, status text,
           monitored boolean, tag_ids int[], added_at timestamptz, seasons jsonb,
           source_digest text)
    ON CONFLICT (service_config_id, arr_id) DO UPDATE
       SET tvdb_id = EXCLUDED.tvdb_id, tmdb_id = EXCLUDED.tmdb_id, imdb_id = EXCLUDED.imdb_id,
           title = EXCLUDED.title, status = EXCLUDED.status, monitored = EXCLUDED.monitored,
           tag_ids = EXCLUDED.tag_ids, added_at = EXCLUDED.added_at,
           seasons = EXCLUDED.seasons, source_digest = EXCLUDED.source_digest,
           updated_at = CASE WHEN
             (a.tvdb_id, a.tmdb_id, a.imdb_id, a.title, a.status, a.monitored, a.tag_ids,
              a.added_at, a.seasons)
             IS DISTINCT FROM
             (EXCLUDED.tvdb_id, EXCLUDED.tmdb_id, EXCLUDED.imdb_id, EXCLUDED.title,
              EXCLUDED.status, EXCLUDED.monitored, EXCLUDED.tag_ids, EXCLUDED.added_at,
              EXCLUDED.seasons)
             THEN now() ELSE a.updated_at END
     WHERE (a.tvdb_id, a.tmdb_id, a.imdb_id, a.title, a.status, a.monitored, a.tag_ids,
            a.added_at, a.seasons, a.source_digest)
           IS DISTINCT FROM
           (EXCLUDED.tvdb_id, EXCLUDED.tmdb_id, EXCLUDED.imdb_id, EXCLUDED.title,
            EXCLUDED.status, EXCLUDED.monitored, EXCLUDED.tag_ids, EXCLUDED.added_at,
            EXCLUDED.seasons, EXCLUDED.source_digest)`;
}

export async function storeArrEpisodes(db: DbClient, serviceId: number, episodes: ArrEpisode[]) {
  if (episodes.length === 0) return;
  const rows = episodes.map((e) => ({
    arr_id: e.externalId,
    arr_series_id: e.seriesExternalId,
    season_number: e.seasonNumber,
    episode_number: e.episodeNumber,
    monitored: e.monitored,
    file_id: e.file?.externalId ?? e.episodeFileId,
    file_path: e.file?.path ?? null,
    file_size: e.file?.sizeBytes ?? null,
    file_added_at: e.file?.addedAt ?? null,
  }));
  await db.$executeRaw`
    INSERT INTO arr_episodes AS a (service_config_id, arr_id, arr_series_id, season_number,
                                   episode_number, monitored, file_id, file_path, file_size,
                                   file_added_at)
    SELECT ${serviceId}, x.* FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
           arr_id int, arr_series_id int, season_number int, episode_number int,
           monitored boolean, file_id int, file_path text, file_size bigint,
           file_added_at timestamptz)
    ON CONFLICT (service_config_id, arr_id) DO UPDATE
       SET arr_series_id = EXCLUDED.arr_series_id, season_number = EXCLUDED.season_number,
           episode_number = EXCLUDED.episode_number, monitored = EXCLUDED.monitored,
           file_id = EXCLUDED.file_id, file_path = EXCLUDED.file_path,
           file_size = EXCLUDED.file_size, file_added_at = EXCLUDED.file_added_at,
           updated_at = now()
     WHERE (a.arr_series_id, a.season_number, a.episode_number, a.monitored, a.file_id,
            a.file_path, a.file_size, a.file_added_at)
           IS DISTINCT FROM
           (EXCLUDED.arr_series_id, EXCLUDED.season_number, EXCLUDED.episode_number,
            EXCLUDED.monitored, EXCLUDED.file_id, EXCLUDED.file_path, EXCLUDED.file_size,
            EXCLUDED.file_added_at)`;
}

export async function countArr(db: DbClient, table: ArrTable, serviceId: number) {
  const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM ${table} WHERE service_config_id = $1`,
    serviceId,
  );
  return num(rows[0]?.n ?? 0);
}

export type ArrTable = 'arr_movies' | 'arr_series' | 'arr_episodes';

/**
 * Deletes the instance's rows the complete list did not contain; the catalog items they were
 * linked to are marked changed so the link step recomputes their Arr facts.
 */
export async function dropUnseen(
  db: DbClient,
  table: ArrTable,
  serviceId: number,
  unseen: number[],
) {
  if (unseen.length === 0) return 0;
  const link = { arr_movies: 'movie_id', arr_series: 'series_id', arr_episodes: 'episode_id' }[
    table
  ];
  const rows = await db.$queryRawUnsafe<{ linked: bigint | null }[]>(
    `DELETE FROM ${table} WHERE service_config_id = $1 AND arr_id = ANY($2::int[])
     RETURNING ${link} AS linked`,
    serviceId,
    unseen,
  );
  const ids = rows.flatMap((row) => (row.linked === null ? [] : [num(row.linked)]));
  if (ids.length === 0) return rows.length;
  if (table === 'arr_movies')
    await db.$executeRaw`UPDATE movies SET updated_at = now() WHERE id = ANY(${ids}::bigint[])`;
  else if (table === 'arr_series')
    await db.$executeRaw`UPDATE series SET updated_at = now() WHERE id = ANY(${ids}::bigint[])`;
  else
    await db.$executeRaw`UPDATE series SET updated_at = now()
      WHERE id IN (SELECT series_id FROM episodes WHERE id = ANY(${ids}::bigint[]))`;
  return rows.length;
}

/** The Sonarr series whose episode lists to read: all, or those changed since `since`. */
export async function episodeListsToRead(db: DbClient, serviceId: number, since: Date | null) {
  const rows =
    since === null
      ? await db.$queryRaw<{ arr_id: number }[]>`
          SELECT arr_id FROM arr_series WHERE service_config_id = ${serviceId} ORDER BY arr_id`
      : await db.$queryRaw<{ arr_id: number }[]>`
          SELECT a.arr_id FROM arr_series a
           WHERE a.service_config_id = ${serviceId} AND a.updated_at >= ${since}
           ORDER BY a.arr_id`;
  return rows.map((row) => row.arr_id);
}

/** The instance's Arr ids, read in keyset pages. */
export async function arrIds(db: DbClient, table: ArrTable, serviceId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let after = -1; ;) {
    const rows = await db.$queryRawUnsafe<{ arr_id: number }[]>(
      `SELECT arr_id FROM ${table} WHERE service_config_id = $1 AND arr_id > $2
        ORDER BY arr_id LIMIT 10000`,
      serviceId,
      after,
    );
    if (rows.length === 0) return ids;
    for (const row of rows) ids.push(row.arr_id);
    after = (rows[rows.length - 1] as { arr_id: number }).arr_id;
  }
}
