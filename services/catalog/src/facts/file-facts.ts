/**
 * FileFactsCommon of the contract: what cleanup's rules may know about a file. The path travels
 * only here, for `media.path` rules (domain.md 1.12, docs/decisions/013).
 */
import type { Events } from '@mcs/contracts';
import { isoOrNull } from '@mcs/kit';

type FileFacts = Events.components['schemas']['FileFactsCommon'];
type CommonFacts = Events.components['schemas']['MediaFactsCommon'];

/**
 * The file columns behind FileFactsCommon: its fields, with the database's types where they
 * differ. resolution and video_codec hold only normalized values (the sync writes them).
 */
export type FileFactsRow = Omit<
  FileFacts,
  'size_bytes' | 'duration_ms' | 'added_at' | 'file_added_at'
> & {
  size_bytes: bigint | number | null;
  duration_ms: bigint | number | null;
  added_at: Date | null;
  file_added_at: Date | null;
};

const n = (value: bigint | number | null) => (value === null ? null : Number(value));

export function fileFacts(row: FileFactsRow): FileFacts {
  return {
    path: row.path,
    // A name never carries a directory, whatever characters a server allowed in it.
    file_name: row.file_name.replace(/[\\/]/g, '_') || '_',
    size_bytes: n(row.size_bytes),
    duration_ms: n(row.duration_ms),
    container: row.container,
    width: row.width,
    height: row.height,
    resolution: row.resolution,
    video_codec: row.video_codec,
    hdr: row.hdr,
    dolby_vision: row.dolby_vision,
    bitrate_kbps: row.bitrate_kbps,
    added_at: isoOrNull(row.added_at),
    file_added_at: isoOrNull(row.file_added_at),
    disk_id: row.disk_id,
  };
}

/** MediaFactsCommon columns, selected by the movie and series fact queries alike. */
export const COMMON_COLUMNS = `id, updated_at, tmdb_id, imdb_id, title, original_title,
  sort_title, year, status, genres, original_language, origin_countries,
  media_server_collections, library_ids, tmdb_vote_average, tmdb_vote_count, tmdb_popularity,
  imdb_rating, imdb_vote_count, poster_url, added_at, arr_added_at, is_monitored, arr_tags,
  metadata_refreshed_at`;

/** The item columns behind MediaFactsCommon: its fields, with the database's types where they differ. */
export type CommonRow = Omit<
  CommonFacts,
  'media_id' | 'as_of' | 'library_ids' | 'added_at' | 'arr_added_at' | 'metadata_refreshed_at'
> & {
  id: bigint;
  updated_at: Date;
  library_ids: bigint[];
  added_at: Date | null;
  arr_added_at: Date | null;
  metadata_refreshed_at: Date | null;
};

export function commonFacts(row: CommonRow): CommonFacts {
  return {
    media_id: Number(row.id),
    as_of: row.updated_at.toISOString(),
    tmdb_id: row.tmdb_id,
    imdb_id: row.imdb_id,
    title: row.title,
    original_title: row.original_title,
    sort_title: row.sort_title,
    year: row.year,
    status: row.status,
    genres: row.genres,
    original_language: row.original_language,
    origin_countries: row.origin_countries,
    media_server_collections: row.media_server_collections,
    library_ids: row.library_ids.map(Number),
    tmdb_vote_average: row.tmdb_vote_average,
    tmdb_vote_count: row.tmdb_vote_count,
    tmdb_popularity: row.tmdb_popularity,
    imdb_rating: row.imdb_rating,
    imdb_vote_count: row.imdb_vote_count,
    poster_url: row.poster_url,
    added_at: isoOrNull(row.added_at),
    arr_added_at: isoOrNull(row.arr_added_at),
    is_monitored: row.is_monitored,
    arr_tags: row.arr_tags,
    metadata_refreshed_at: isoOrNull(row.metadata_refreshed_at),
  };
}
