import { num } from '@mcs/kit';
/**
 * Links Sonarr series, episodes and episode files to the catalog (domain.md 1.5: series by
 * tvdb_id, then tmdb_id, then imdb_id; episodes by season and episode number; files by path)
 * and derives the Arr facts of series, seasons, episodes and files, set-based. Scope as for
 * movies: everything on a full sync, what changed in this run otherwise.
 */
import type { Tx } from '../db';

/*
 * Scoping: an incremental run's filters are written `x IN (SELECT … WHERE ${all} OR …)`, not
 * `${all} OR x IN (…)`. PostgreSQL turns an IN at the top of a WHERE into a join that starts
 * from the few changed ids; under an OR it cannot, and scans every episode
 * (bench/catalog-sync/RESULTS.md, "Figures from the code").
 */
/**
 * Links the series in scope (`all`, or what changed since `since`) and derives their Arr
 * facts; returns the series whose own facts changed.
 */
export async function linkSeries(tx: Tx, all: boolean, since: Date): Promise<number[]> {
  await tx.$executeRaw`
    WITH target AS (
      SELECT a.service_config_id, a.arr_id, a.series_id AS old_id,
             COALESCE(
               (SELECT min(s.id) FROM series s WHERE s.removed_at IS NULL AND s.tvdb_id = a.tvdb_id),
               (SELECT s.id FROM series s WHERE s.removed_at IS NULL AND s.tmdb_id = a.tmdb_id),
               (SELECT min(s.id) FROM series s WHERE s.removed_at IS NULL AND s.imdb_id = a.imdb_id)
             ) AS new_id
        FROM arr_series a
       WHERE ${all} OR a.updated_at >= ${since}
          OR a.series_id IN (SELECT id FROM series WHERE updated_at >= ${since})
          OR a.tvdb_id IN (SELECT tvdb_id FROM series WHERE updated_at >= ${since})
          OR a.tmdb_id IN (SELECT tmdb_id FROM series WHERE updated_at >= ${since})
    ), changed AS (
      UPDATE arr_series a SET series_id = t.new_id, updated_at = now()
        FROM target t
       WHERE a.service_config_id = t.service_config_id AND a.arr_id = t.arr_id
         AND a.series_id IS DISTINCT FROM t.new_id
      RETURNING t.old_id
    )
    UPDATE series SET updated_at = now()
     WHERE id IN (SELECT old_id FROM changed WHERE old_id IS NOT NULL)`;
  await linkEpisodes(tx, all, since);
  return seriesFacts(tx, all, since);
}

async function linkEpisodes(tx: Tx, all: boolean, since: Date): Promise<void> {
  // Episode and its file, through the linked series: the file at Sonarr's path, else (a
  // rename Sonarr has not been asked about yet) the episode's own file if the size matches.
  // An incremental run starts from the episodes it changed and the Sonarr rows it read.
  await tx.$executeRaw`
    WITH dirty AS (
      SELECT id, series_id, season_number, episode_number FROM episodes
       WHERE ${all} OR updated_at >= ${since}
    ), scope AS (
      SELECT ae.service_config_id, ae.arr_id FROM arr_episodes ae
       WHERE NOT ${all} AND ae.updated_at >= ${since}
      UNION
      SELECT ae.service_config_id, ae.arr_id
        FROM dirty d
        JOIN arr_series s ON s.series_id = d.series_id
        JOIN arr_episodes ae ON ae.service_config_id = s.service_config_id
                            AND ae.arr_series_id = s.arr_id
                            AND ae.season_number = d.season_number
                            AND ae.episode_number = d.episode_number
    ), target AS (
      SELECT ae.service_config_id, ae.arr_id, e.id AS episode_id,
             COALESCE(
               (SELECT min(f.id) FROM episode_files f
                 WHERE f.series_id = s.series_id AND f.removed_at IS NULL
                   AND f.path = ae.file_path),
               (SELECT f.id FROM episode_files f
                 WHERE f.id = e.episode_file_id AND f.removed_at IS NULL
                   AND f.size_bytes = ae.file_size)) AS file_id
        FROM scope
        JOIN arr_episodes ae USING (service_config_id, arr_id)
        JOIN arr_series s ON s.service_config_id = ae.service_config_id AND s.arr_id = ae.arr_series_id
        LEFT JOIN episodes e ON e.series_id = s.series_id AND e.season_number = ae.season_number
                            AND e.episode_number = ae.episode_number
    )
    UPDATE arr_episodes ae SET episode_id = t.episode_id,
                               episode_file_id = CASE WHEN ae.file_id IS NULL THEN NULL ELSE t.file_id END,
                               updated_at = now()
      FROM target t
     WHERE ae.service_config_id = t.service_config_id AND ae.arr_id = t.arr_id
       AND (ae.episode_id, ae.episode_file_id) IS DISTINCT FROM
           (t.episode_id, CASE WHEN ae.file_id IS NULL THEN NULL ELSE t.file_id END)`;
  await tx.$executeRaw`
    WITH facts AS (
      SELECT e.id, e.series_id, bool_or(ae.monitored) AS monitored
        FROM episodes e
        LEFT JOIN arr_episodes ae ON ae.episode_id = e.id
             AND EXISTS (SELECT 1 FROM service_configs c WHERE c.id = ae.service_config_id AND c.enabled)
       WHERE e.id IN (SELECT id FROM episodes WHERE ${all} OR updated_at >= ${since}
                      UNION SELECT episode_id FROM arr_episodes
                             WHERE NOT ${all} AND updated_at >= ${since})
       GROUP BY e.id
    ), changed AS (
      UPDATE episodes e SET is_monitored = f.monitored, updated_at = now()
        FROM facts f
       WHERE e.id = f.id AND e.is_monitored IS DISTINCT FROM f.monitored
      RETURNING e.series_id
    )
    UPDATE series SET updated_at = now() WHERE id IN (SELECT series_id FROM changed)`;
  // Aggregated in one pass and joined (no per-file subqueries: linear in the library).
  await tx.$executeRaw`
    WITH linked AS (
      SELECT ae.episode_file_id AS id,
             min(ae.file_added_at) AS file_added_at,
             (array_agg(ae.service_config_id || ':' || ae.file_id ORDER BY ae.service_config_id))[1]
               AS arr_key,
             (array_agg(d.disk_id ORDER BY length(d.path) DESC)
                FILTER (WHERE d.disk_id IS NOT NULL))[1] AS disk_id
        FROM arr_episodes ae
        LEFT JOIN arr_disks d ON d.service_config_id = ae.service_config_id
                             AND starts_with(ae.file_path, d.path)
       WHERE ae.episode_file_id IS NOT NULL
         AND ae.episode_file_id IN (SELECT id FROM episode_files WHERE ${all} OR updated_at >= ${since}
                                    UNION SELECT episode_file_id FROM arr_episodes
                                           WHERE NOT ${all} AND updated_at >= ${since})
       GROUP BY ae.episode_file_id
    ), facts AS (
      SELECT f.id, l.file_added_at, l.arr_key, l.disk_id
        FROM episode_files f LEFT JOIN linked l ON l.id = f.id
       WHERE f.removed_at IS NULL
         AND f.id IN (SELECT id FROM episode_files WHERE ${all} OR updated_at >= ${since}
                      UNION SELECT episode_file_id FROM arr_episodes
                             WHERE NOT ${all} AND updated_at >= ${since})
    ), changed AS (
      UPDATE episode_files f
         SET file_added_at = x.file_added_at, arr_key = x.arr_key, disk_id = x.disk_id,
             updated_at = now()
        FROM facts x
       WHERE f.id = x.id
         AND (f.file_added_at, f.arr_key, f.disk_id) IS DISTINCT FROM
             (x.file_added_at, x.arr_key, x.disk_id)
      RETURNING f.series_id
    )
    UPDATE series SET updated_at = now() WHERE id IN (SELECT series_id FROM changed)`;
}

/** Arr facts of seasons and series; returns the series whose own facts changed. */
async function seriesFacts(tx: Tx, all: boolean, since: Date): Promise<number[]> {
  // Seasons: Sonarr's season flag and its count of episodes.
  await tx.$executeRaw`
    WITH facts AS (
      SELECT se.id,
             bool_or((x.season->>'monitored')::boolean) AS monitored,
             max((x.season->>'totalEpisodeCount')::int) AS episode_count
        FROM seasons se
        LEFT JOIN arr_series a ON a.series_id = se.series_id
        LEFT JOIN LATERAL jsonb_array_elements(a.seasons) AS x(season)
               ON (x.season->>'seasonNumber')::int = se.season_number
       WHERE se.series_id IN (SELECT id FROM series WHERE ${all} OR updated_at >= ${since}
                              UNION SELECT series_id FROM arr_series
                                     WHERE NOT ${all} AND updated_at >= ${since})
       GROUP BY se.id
    ), changed AS (
      UPDATE seasons se SET is_monitored = f.monitored, episode_count = f.episode_count,
                            updated_at = now()
        FROM facts f
       WHERE se.id = f.id
         AND (se.is_monitored, se.episode_count) IS DISTINCT FROM (f.monitored, f.episode_count)
      RETURNING se.series_id
    )
    UPDATE series SET updated_at = now() WHERE id IN (SELECT series_id FROM changed)`;
  const changed = await tx.$queryRaw<{ id: bigint }[]>`
    WITH facts AS (
      SELECT s.id,
             bool_or(a.monitored) AS monitored,
             ARRAY(SELECT DISTINCT t.label FROM arr_series a2
                     JOIN arr_tags t ON t.service_config_id = a2.service_config_id
                                    AND t.tag_id = ANY(a2.tag_ids)
                    WHERE a2.series_id = s.id ORDER BY t.label) AS tags,
             min(a.added_at) AS added_at,
             min(a.status) AS status,
             COALESCE(array_agg(DISTINCT a.service_config_id)
                        FILTER (WHERE a.service_config_id IS NOT NULL), '{}') AS service_ids,
             -- The latest season Sonarr or TMDB (enrichment) knows, whichever is higher.
             GREATEST((SELECT max((x.season->>'seasonNumber')::int) FROM arr_series a3,
                              jsonb_array_elements(a3.seasons) AS x(season)
                        WHERE a3.series_id = s.id AND (x.season->>'seasonNumber')::int > 0),
                      NULLIF(s.tmdb_season_count, 0)) AS latest
        FROM series s
        LEFT JOIN arr_series a ON a.series_id = s.id
             AND EXISTS (SELECT 1 FROM service_configs c WHERE c.id = a.service_config_id AND c.enabled)
       WHERE s.removed_at IS NULL
         AND (${all} OR s.updated_at >= ${since}
              OR s.id IN (SELECT series_id FROM arr_series WHERE updated_at >= ${since}))
       GROUP BY s.id
    )
    UPDATE series s
       SET is_monitored = f.monitored, arr_tags = f.tags, arr_added_at = f.added_at,
           arr_status = f.status, sonarr_service_ids = f.service_ids,
           latest_known_season_number = f.latest, updated_at = now()
      FROM facts f
     WHERE s.id = f.id
       AND (s.is_monitored, s.arr_tags, s.arr_added_at, s.arr_status, s.sonarr_service_ids,
            s.latest_known_season_number) IS DISTINCT FROM
           (f.monitored, f.tags, f.added_at, f.status, f.service_ids, f.latest)
    RETURNING s.id`;
  return changed.map((row) => num(row.id));
}
