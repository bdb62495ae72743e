/**
 * Links Radarr movies to catalog movies and versions and derives the movies' Arr facts
 * (domain.md 1.5 matching; 1.2 is_monitored, arr_tags, arr_added_at; 1.3 file_added_at),
 * set-based. A full sync relinks everything; an incremental one only rows and movies that
 * changed in this run (updated_at ≥ the run start). Changed movies get a new updated_at.
 */
import type { Tx } from '../db';

export async function linkMovies(tx: Tx, all: boolean, since: Date): Promise<void> {
  // 1. Radarr movie ↔ movie: by tmdb_id, then imdb_id.
  await tx.$executeRaw`
    WITH target AS (
      SELECT a.service_config_id, a.arr_id, a.movie_id AS old_id,
             COALESCE(
               (SELECT m.id FROM movies m WHERE m.removed_at IS NULL AND m.tmdb_id = a.tmdb_id),
               (SELECT min(m.id) FROM movies m
                 WHERE a.tmdb_id IS NULL AND m.removed_at IS NULL AND m.imdb_id = a.imdb_id)
             ) AS new_id
        FROM arr_movies a
       WHERE ${all} OR a.updated_at >= ${since}
          OR a.movie_id IN (SELECT id FROM movies WHERE updated_at >= ${since})
          OR a.tmdb_id IN (SELECT tmdb_id FROM movies WHERE updated_at >= ${since})
    ), changed AS (
      UPDATE arr_movies a SET movie_id = t.new_id, updated_at = now()
        FROM target t
       WHERE a.service_config_id = t.service_config_id AND a.arr_id = t.arr_id
         AND a.movie_id IS DISTINCT FROM t.new_id
      RETURNING t.old_id
    )
    UPDATE movies SET updated_at = now()
     WHERE id IN (SELECT old_id FROM changed WHERE old_id IS NOT NULL)`;
  // 2. Radarr file ↔ version: same path, else the movie's only live version of that size.
  await tx.$executeRaw`
    WITH target AS (
      SELECT a.service_config_id, a.arr_id,
             CASE WHEN a.file_id IS NULL OR a.movie_id IS NULL THEN NULL ELSE COALESCE(
               (SELECT min(v.id) FROM movie_versions v
                 WHERE v.movie_id = a.movie_id AND v.removed_at IS NULL AND v.path = a.file_path),
               (SELECT min(v.id) FROM movie_versions v
                 WHERE v.movie_id = a.movie_id AND v.removed_at IS NULL
                HAVING count(*) = 1 AND min(v.size_bytes) = a.file_size)
             ) END AS new_id
        FROM arr_movies a
       WHERE ${all} OR a.updated_at >= ${since}
          OR a.movie_id IN (SELECT id FROM movies WHERE updated_at >= ${since})
    )
    UPDATE arr_movies a SET version_id = t.new_id, updated_at = now()
      FROM target t
     WHERE a.service_config_id = t.service_config_id AND a.arr_id = t.arr_id
       AND a.version_id IS DISTINCT FROM t.new_id`;
  // 3. Version facts from its Radarr file(s) of enabled instances, aggregated in one pass.
  await tx.$executeRaw`
    WITH linked AS (
      SELECT a.version_id AS id,
             min(a.file_added_at) FILTER (WHERE s.enabled) AS file_added_at,
             (array_agg(a.service_config_id || ':' || a.file_id ORDER BY a.service_config_id))[1]
               AS arr_key,
             (array_agg(d.disk_id ORDER BY length(d.path) DESC)
                FILTER (WHERE d.disk_id IS NOT NULL))[1] AS disk_id
        FROM arr_movies a
        JOIN service_configs s ON s.id = a.service_config_id
        LEFT JOIN arr_disks d ON d.service_config_id = a.service_config_id
                             AND starts_with(a.file_path, d.path)
       WHERE a.version_id IS NOT NULL
         AND (${all} OR a.updated_at >= ${since}
              OR a.movie_id IN (SELECT id FROM movies WHERE updated_at >= ${since}))
       GROUP BY a.version_id
    ), facts AS (
      SELECT v.id, l.file_added_at, l.arr_key, l.disk_id
        FROM movie_versions v LEFT JOIN linked l ON l.id = v.id
       WHERE v.removed_at IS NULL
         AND (${all} OR v.movie_id IN (SELECT id FROM movies WHERE updated_at >= ${since})
              OR v.id IN (SELECT version_id FROM arr_movies WHERE updated_at >= ${since}))
    ), changed AS (
      UPDATE movie_versions v
         SET file_added_at = f.file_added_at, arr_key = f.arr_key, disk_id = f.disk_id,
             updated_at = now()
        FROM facts f
       WHERE v.id = f.id
         AND (v.file_added_at, v.arr_key, v.disk_id) IS DISTINCT FROM
             (f.file_added_at, f.arr_key, f.disk_id)
      RETURNING v.movie_id
    )
    UPDATE movies SET updated_at = now() WHERE id IN (SELECT movie_id FROM changed)`;
  // 4. Movie facts across the enabled Radarr instances that hold it.
  await tx.$executeRaw`
    WITH facts AS (
      SELECT m.id,
             bool_or(a.monitored) AS monitored,
             ARRAY(SELECT DISTINCT t.label FROM arr_movies a2
                     JOIN arr_tags t ON t.service_config_id = a2.service_config_id
                                    AND t.tag_id = ANY(a2.tag_ids)
                    WHERE a2.movie_id = m.id ORDER BY t.label) AS tags,
             min(a.added_at) AS added_at,
             COALESCE(array_agg(DISTINCT a.service_config_id)
                        FILTER (WHERE a.service_config_id IS NOT NULL), '{}') AS service_ids
        FROM movies m
        LEFT JOIN arr_movies a ON a.movie_id = m.id
             AND EXISTS (SELECT 1 FROM service_configs s WHERE s.id = a.service_config_id AND s.enabled)
       WHERE m.removed_at IS NULL
         AND (${all} OR m.updated_at >= ${since}
              OR m.id IN (SELECT movie_id FROM arr_movies WHERE updated_at >= ${since}))
       GROUP BY m.id
    )
    UPDATE movies m
       SET is_monitored = f.monitored, arr_tags = f.tags, arr_added_at = f.added_at,
           radarr_service_ids = f.service_ids, updated_at = now()
      FROM facts f
     WHERE m.id = f.id
       AND (m.is_monitored, m.arr_tags, m.arr_added_at, m.radarr_service_ids) IS DISTINCT FROM
           (f.monitored, f.tags, f.added_at, f.service_ids)`;
}
