/** The sync's reads of movies and their versions (the writes go through sync.repository). */
import type { Tx } from '../db';
import type { StoredFile } from './file-rows';
import type { Row } from './rows';

export interface MovieRow extends Row {
  id: bigint;
  tmdb_id: number;
  imdb_id: string | null;
  title: string;
  original_title: string | null;
  year: number | null;
  genres: string[];
  /** Set once TMDB answered: its genres then stand (enrichment), not the server's. */
  metadata_refreshed_at: Date | null;
  library_ids: bigint[];
  server_item_id: string | null;
  removed_at: Date | null;
}

/** Movies linked to one of the server items, or holding one of the tmdb ids, removed or not. */
export async function movieCandidates(
  tx: Tx,
  keys: { serverIds: string[]; tmdbIds: number[] },
): Promise<MovieRow[]> {
  return tx.$queryRaw<MovieRow[]>`
    SELECT id, tmdb_id, imdb_id, title, original_title, year, genres, metadata_refreshed_at,
           library_ids, server_item_id, removed_at
      FROM movies
     WHERE server_item_id = ANY(${keys.serverIds}::text[])
        OR tmdb_id = ANY(${keys.tmdbIds}::int[])`;
}

/** Radarr knows the tmdb_id of a movie the server reports with an IMDb id only. */
export async function tmdbByImdb(tx: Tx, imdbIds: string[]): Promise<Map<string, number>> {
  if (imdbIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ imdb_id: string; tmdb_id: number }[]>`
    SELECT DISTINCT imdb_id, tmdb_id FROM arr_movies
     WHERE imdb_id = ANY(${imdbIds}::text[]) AND tmdb_id IS NOT NULL`;
  return new Map(rows.map((row) => [row.imdb_id, row.tmdb_id]));
}

/** The live versions of the movies. */
export async function liveVersions(
  tx: Tx,
  movieIds: number[],
): Promise<(StoredFile & { movie_id: bigint })[]> {
  return tx.$queryRaw<(StoredFile & { movie_id: bigint })[]>`
    SELECT id, movie_id, path, file_name, size_bytes, duration_ms, container, width, height,
           resolution, video_codec, hdr, dolby_vision, bitrate_kbps, added_at, fingerprint,
           server_file_id, server_part_id, arr_key
      FROM movie_versions WHERE movie_id = ANY(${movieIds}::bigint[]) AND removed_at IS NULL`;
}
