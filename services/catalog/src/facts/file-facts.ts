/** FileFactsCommon of the contract: what cleanup's rules may know about a file (no path). */
import { isoOrNull } from '../views/time';

export interface FileFactsRow {
  file_name: string;
  size_bytes: bigint | number | null;
  duration_ms: bigint | number | null;
  container: string | null;
  width: number | null;
  height: number | null;
  resolution: string | null;
  video_codec: string | null;
  hdr: boolean | null;
  dolby_vision: boolean | null;
  bitrate_kbps: number | null;
  added_at: Date | null;
  file_added_at: Date | null;
  disk_id: string | null;
}

type Resolution = 'sd' | '720p' | '1080p' | '2160p' | '4320p' | null;
type VideoCodec = 'h264' | 'hevc' | 'av1' | 'vp9' | 'mpeg2' | 'mpeg4' | 'vc1' | 'other' | null;

const n = (value: bigint | number | null) => (value === null ? null : Number(value));

export function fileFacts(row: FileFactsRow) {
  return {
    // A name never carries a directory, whatever characters a server allowed in it.
    file_name: row.file_name.replace(/[\\/]/g, '_') || '_',
    size_bytes: n(row.size_bytes),
    duration_ms: n(row.duration_ms),
    container: row.container,
    width: row.width,
    height: row.height,
    resolution: row.resolution as Resolution,
    video_codec: row.video_codec as VideoCodec,
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

export interface CommonRow {
  id: bigint;
  updated_at: Date;
  tmdb_id: number;
  imdb_id: string | null;
  title: string;
  original_title: string | null;
  sort_title: string | null;
  year: number | null;
  status: string | null;
  genres: string[];
  original_language: string | null;
  origin_countries: string[];
  media_server_collections: string[];
  library_ids: bigint[];
  tmdb_vote_average: number | null;
  tmdb_vote_count: number | null;
  tmdb_popularity: number | null;
  imdb_rating: number | null;
  imdb_vote_count: number | null;
  poster_url: string | null;
  added_at: Date | null;
  arr_added_at: Date | null;
  is_monitored: boolean | null;
  arr_tags: string[];
  metadata_refreshed_at: Date | null;
}

export function commonFacts(row: CommonRow) {
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
