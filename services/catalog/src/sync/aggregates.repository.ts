/**
 * Derived facts of the items a run changed (domain.md 1.2, 1.4): a movie's size is the sum
 * of its live versions and its added date the earliest of theirs; a series' size is the sum of
 * its live episode files. Kept as columns so the media API can sort by them.
 */
import type { DbClient } from '../db';

export async function refreshAggregates(db: DbClient, since: Date): Promise<void> {
  await db.$executeRaw`
    WITH facts AS (
      SELECT m.id,
             (SELECT sum(v.size_bytes) FROM movie_versions v
               WHERE v.movie_id = m.id AND v.removed_at IS NULL) AS size_bytes,
             -- A movie without files keeps the date it had; with files, theirs decide (an
             -- unknown file date makes the movie's unknown too, never "long ago").
             CASE WHEN EXISTS (SELECT 1 FROM movie_versions v
                                WHERE v.movie_id = m.id AND v.removed_at IS NULL)
                  THEN (SELECT min(v.added_at) FROM movie_versions v
                         WHERE v.movie_id = m.id AND v.removed_at IS NULL)
                  ELSE m.added_at END AS added_at
        FROM movies m WHERE m.updated_at >= ${since}
    )
    UPDATE movies m SET size_bytes = f.size_bytes, added_at = f.added_at
      FROM facts f
     WHERE m.id = f.id AND (m.size_bytes, m.added_at) IS DISTINCT FROM (f.size_bytes, f.added_at)`;
  await db.$executeRaw`
    WITH facts AS (
      SELECT s.id,
             (SELECT sum(f.size_bytes) FROM episode_files f
               WHERE f.series_id = s.id AND f.removed_at IS NULL) AS size_bytes
        FROM series s WHERE s.updated_at >= ${since}
    )
    UPDATE series s SET size_bytes = f.size_bytes
      FROM facts f
     WHERE s.id = f.id AND s.size_bytes IS DISTINCT FROM f.size_bytes`;
}

/** Live items per main-server library, for the settings view. */
export async function countLibraryItems(db: DbClient, serviceId: number): Promise<void> {
  await db.$executeRaw`
    UPDATE libraries l
       SET item_count = CASE l.media_type
             WHEN 'movie' THEN (SELECT count(*) FROM movies m
                                 WHERE m.removed_at IS NULL AND l.id = ANY(m.library_ids))
             ELSE (SELECT count(*) FROM series s
                    WHERE s.removed_at IS NULL AND l.id = ANY(s.library_ids)) END
     WHERE l.service_config_id = ${serviceId}`;
}
