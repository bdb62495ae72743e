import type { DashboardParts } from '@mcs/contracts';
import { num } from '@mcs/kit';
import type { DbClient } from '../db';

type Library = DashboardParts['catalog']['dashboard']['library'];
type Disk = NonNullable<DashboardParts['catalog']['dashboard']['disks']>[number];
type Source = DashboardParts['catalog']['ui']['sources_unavailable'][number];

/**
 * What the library holds now, as the media lists count it: items and files not removed, a
 * removed item's files and episodes not counted. Sizes are the items' own `size_bytes` (the
 * lists' figure). Live files and episodes are counted whole and those of the few removed items
 * subtracted, so every part is an index-only scan of a partial index (migration
 * 20261130000028); the caller still keeps the result briefly (bench/dashboard/RESULTS.md).
 */
export async function libraryFigures(db: DbClient): Promise<Library> {
  const [row] = await db.$queryRaw<Record<keyof Library, bigint | null>[]>`
    SELECT (SELECT count(*) FROM movies WHERE removed_at IS NULL) AS movies,
           (SELECT count(*) FROM movie_versions WHERE removed_at IS NULL)
             - (SELECT count(*) FROM movies m
                  JOIN movie_versions v ON v.movie_id = m.id AND v.removed_at IS NULL
                 WHERE m.removed_at IS NOT NULL) AS movie_versions,
           (SELECT count(*) FROM series WHERE removed_at IS NULL) AS series,
           (SELECT count(*) FROM episodes WHERE removed_at IS NULL)
             - (SELECT count(*) FROM series s
                  JOIN episodes e ON e.series_id = s.id AND e.removed_at IS NULL
                 WHERE s.removed_at IS NOT NULL) AS episodes,
           (SELECT coalesce(sum(size_bytes), 0) FROM movies WHERE removed_at IS NULL)
             + (SELECT coalesce(sum(size_bytes), 0) FROM series WHERE removed_at IS NULL)
             AS total_size_bytes`;
  const n = (key: keyof Library) => num(row?.[key] ?? 0n);
  return {
    movies: n('movies'),
    movie_versions: n('movie_versions'),
    series: n('series'),
    episodes: n('episodes'),
    total_size_bytes: n('total_size_bytes'),
  };
}

/**
 * Free space of the enabled Radarr and Sonarr instances' disks, as the last sync stored it.
 * A disk is known by its path, which never leaves the service: it is labelled "Disk N" in
 * the order of the paths within its instance.
 */
export async function disks(db: DbClient): Promise<Disk[]> {
  const rows = await db.$queryRaw<
    { service_config_id: bigint; name: string; n: bigint; free: bigint; total: bigint }[]
  >`
    SELECT d.service_config_id, s.name, d.free_bytes AS free, d.total_bytes AS total,
           row_number() OVER (PARTITION BY d.service_config_id ORDER BY d.path) AS n
      FROM arr_disks d JOIN service_configs s ON s.id = d.service_config_id AND s.enabled
     ORDER BY s.name, d.service_config_id, n`;
  return rows.map((row) => {
    const free = num(row.free);
    const total = num(row.total);
    return {
      service_config_id: num(row.service_config_id),
      service_name: row.name,
      label: `Disk ${num(row.n)}`,
      free_bytes: free,
      total_bytes: total,
      free_percent: total > 0 ? Math.min(100, Math.round((free / total) * 10000) / 100) : 0,
    };
  });
}

/** An enabled main media server is configured (the settings list's `has_main_server`). */
export async function hasMainServer(db: DbClient): Promise<boolean> {
  const [row] = await db.$queryRaw<{ has: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM service_configs WHERE is_main AND enabled) AS has`;
  return row?.has ?? false;
}

/** Sources with at least one instance whose last attempt failed (domain.md 2.13), sorted. */
export async function unavailableSources(db: DbClient): Promise<Source[]> {
  const rows = await db.$queryRaw<{ source: Source }[]>`
    SELECT DISTINCT source FROM source_statuses WHERE state = 'unavailable' ORDER BY source`;
  return rows.map((row) => row.source);
}
