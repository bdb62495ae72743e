/**
 * Enrichment's reads and writes of movies and series (domain.md 2.9): which items are due for
 * TMDB, their metadata, and the IMDb ratings by imdb_id. Every write moves updated_at, so the
 * run publishes the facts of what it changed.
 */
import { num } from '@mcs/kit';
import type { DbClient } from '../db';
import type { ImdbRating } from '../integrations/imdb';
import type { MovieMetadata, SeriesMetadata } from '../integrations/tmdb';

export interface DueItem {
  kind: 'movie' | 'series';
  id: number;
  tmdbId: number;
}

/** Live items never enriched or enriched before `staleBefore`, the oldest first. */
export async function dueItems(db: DbClient, staleBefore: Date, limit: number): Promise<DueItem[]> {
  const rows = await db.$queryRaw<{ kind: 'movie' | 'series'; id: bigint; tmdb_id: number }[]>`
    SELECT kind, id, tmdb_id FROM (
      SELECT 'movie' AS kind, id, tmdb_id, metadata_refreshed_at FROM movies
       WHERE removed_at IS NULL
         AND (metadata_refreshed_at IS NULL OR metadata_refreshed_at < ${staleBefore})
      UNION ALL
      SELECT 'series', id, tmdb_id, metadata_refreshed_at FROM series
       WHERE removed_at IS NULL
         AND (metadata_refreshed_at IS NULL OR metadata_refreshed_at < ${staleBefore})
    ) due
    ORDER BY metadata_refreshed_at NULLS FIRST, kind, id
    LIMIT ${limit}`;
  return rows.map((row) => ({ kind: row.kind, id: num(row.id), tmdbId: row.tmdb_id }));
}

/** A movie's TMDB metadata; its imdb_id only where the catalog has none. */
export async function writeMovieMetadata(
  db: DbClient,
  id: number,
  meta: MovieMetadata,
  at: Date,
): Promise<void> {
  await db.$executeRaw`
    UPDATE movies
       SET status = ${meta.status}, release_date = ${meta.release_date}::date,
           genres = ${meta.genres}::text[], original_language = ${meta.original_language},
           origin_countries = ${meta.origin_countries}::text[],
           collection = ${meta.collection === null ? null : JSON.stringify(meta.collection)}::jsonb,
           tmdb_vote_average = ${meta.tmdb_vote_average}, tmdb_vote_count = ${meta.tmdb_vote_count},
           tmdb_popularity = ${meta.tmdb_popularity}, poster_url = ${meta.poster_url},
           imdb_id = COALESCE(imdb_id, ${meta.imdb_id}),
           metadata_refreshed_at = ${at}, updated_at = now()
     WHERE id = ${id} AND removed_at IS NULL`;
}

/**
 * A series' TMDB metadata; imdb and tvdb ids only where the catalog has none. The latest known
 * season takes TMDB's count where it is higher than Sonarr's (the links step does the same).
 */
export async function writeSeriesMetadata(
  db: DbClient,
  id: number,
  meta: SeriesMetadata,
  at: Date,
): Promise<void> {
  await db.$executeRaw`
    UPDATE series
       SET status = ${meta.status}, first_air_date = ${meta.first_air_date}::date,
           last_air_date = ${meta.last_air_date}::date,
           genres = ${meta.genres}::text[], original_language = ${meta.original_language},
           origin_countries = ${meta.origin_countries}::text[],
           tmdb_vote_average = ${meta.tmdb_vote_average}, tmdb_vote_count = ${meta.tmdb_vote_count},
           tmdb_popularity = ${meta.tmdb_popularity}, poster_url = ${meta.poster_url},
           tmdb_season_count = ${meta.tmdb_season_count},
           latest_known_season_number = GREATEST(latest_known_season_number,
                                                 NULLIF(${meta.tmdb_season_count}::int, 0)),
           imdb_id = COALESCE(imdb_id, ${meta.imdb_id}), tvdb_id = COALESCE(tvdb_id, ${meta.tvdb_id}),
           metadata_refreshed_at = ${at}, updated_at = now()
     WHERE id = ${id} AND removed_at IS NULL`;
}

/** The IMDb ids of live movies and series: the titles the dataset is read for. */
export async function liveImdbIds(db: DbClient): Promise<Set<string>> {
  const rows = await db.$queryRaw<{ imdb_id: string }[]>`
    SELECT imdb_id FROM movies WHERE removed_at IS NULL AND imdb_id IS NOT NULL
    UNION SELECT imdb_id FROM series WHERE removed_at IS NULL AND imdb_id IS NOT NULL`;
  return new Set(rows.map((row) => row.imdb_id));
}

/** One batch of ratings onto the live items holding those ids; unchanged rows stay as they are. */
export async function writeRatings(db: DbClient, batch: ImdbRating[]): Promise<void> {
  const ratings = JSON.stringify(batch);
  for (const table of ['movies', 'series'] as const) {
    await db.$executeRawUnsafe(
      `UPDATE ${table} t SET imdb_rating = r."rating", imdb_vote_count = r."votes", updated_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS r("imdbId" text, "rating" float8, "votes" int)
        WHERE t.imdb_id = r."imdbId" AND t.removed_at IS NULL
          AND (t.imdb_rating, t.imdb_vote_count) IS DISTINCT FROM (r."rating", r."votes")`,
      ratings,
    );
  }
}

/** After a complete read: live items whose title the dataset no longer rates have no rating. */
export async function clearRatings(db: DbClient, imdbIds: string[]): Promise<void> {
  if (imdbIds.length === 0) return;
  for (const table of ['movies', 'series'] as const) {
    await db.$executeRawUnsafe(
      `UPDATE ${table} SET imdb_rating = NULL, imdb_vote_count = NULL, updated_at = now()
        WHERE imdb_id = ANY($1::text[]) AND removed_at IS NULL
          AND (imdb_rating IS NOT NULL OR imdb_vote_count IS NOT NULL)`,
      imdbIds,
    );
  }
}
