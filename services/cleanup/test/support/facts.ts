import type { MessagePayload } from '@mcs/contracts';
import type { ItemFacts } from '../../src/projection/media.repository';

type MovieFacts = Extract<ItemFacts, { media_type: 'movie' }>;
type SeriesFacts = Extract<ItemFacts, { media_type: 'series' }>;

let next = 1000;
/** Fresh ids for every factory call, unique within a test file. */
export const nextId = () => (next += 1);

const common = (mediaId: number, title: string, asOf: string) => ({
  media_id: mediaId,
  as_of: asOf,
  tmdb_id: nextId(),
  imdb_id: null,
  title,
  original_title: null,
  sort_title: null,
  year: 1999,
  status: null,
  genres: [],
  original_language: null,
  origin_countries: [],
  media_server_collections: [],
  library_ids: [],
  tmdb_vote_average: null,
  tmdb_vote_count: null,
  tmdb_popularity: null,
  imdb_rating: null,
  imdb_vote_count: null,
  poster_url: null,
  added_at: null,
  arr_added_at: null,
  is_monitored: null,
  arr_tags: [],
  metadata_refreshed_at: null,
});

/** A file's facts; its path is `folder/fileName` (catalog sends the path, docs/decisions/013). */
export const file = (fileName: string, sizeBytes = 20_000_000_000, folder = '/media/movies') => ({
  path: `${folder}/${fileName}`,
  file_name: fileName,
  size_bytes: sizeBytes,
  duration_ms: 7_200_000,
  container: 'mkv',
  width: 1920,
  height: 1080,
  resolution: '1080p' as const,
  video_codec: 'hevc' as const,
  hdr: false,
  dolby_vision: false,
  bitrate_kbps: null,
  added_at: null,
  file_added_at: null,
  disk_id: null,
});

/** Complete, contract-valid facts of a movie with `versions` files (media.items_upserted). */
export function movieFacts(
  options: { title?: string; versions?: number; asOf?: string } = {},
): MovieFacts {
  const mediaId = nextId();
  return {
    ...common(
      mediaId,
      options.title ?? `Movie ${mediaId}`,
      options.asOf ?? new Date().toISOString(),
    ),
    media_type: 'movie',
    release_date: null,
    collection: null,
    radarr_service_ids: [],
    versions: Array.from({ length: options.versions ?? 1 }, (_, i) => ({
      version_id: nextId(),
      radarr_service_ids: [],
      ...file(`movie-${mediaId}-${i}.mkv`),
    })),
  };
}

/** A series with `episodes[i]` episodes (each with its own file) in season i + 1. */
export function seriesFacts(
  options: { title?: string; episodes?: number[]; asOf?: string } = {},
): SeriesFacts {
  const mediaId = nextId();
  const seasons = (options.episodes ?? [2]).map((count, i) => ({
    season_id: nextId(),
    season_number: i + 1,
    count,
  }));
  const episodes = seasons.flatMap((season) =>
    Array.from({ length: season.count }, (_, j) => ({
      episode_id: nextId(),
      season_id: season.season_id,
      season_number: season.season_number,
      episode_number: j + 1,
      title: null,
      air_date: null,
      is_monitored: null,
      episode_file_id: nextId(),
      added_at: null,
    })),
  );
  return {
    ...common(
      mediaId,
      options.title ?? `Series ${mediaId}`,
      options.asOf ?? new Date().toISOString(),
    ),
    media_type: 'series',
    tvdb_id: null,
    arr_status: null,
    first_air_date: null,
    last_air_date: null,
    tmdb_season_count: null,
    latest_known_season_number: null,
    sonarr_service_ids: [],
    disk_id: null,
    seasons: seasons.map(({ season_id, season_number }) => ({
      season_id,
      season_number,
      title: null,
      air_date: null,
      episode_count: null,
      is_monitored: null,
      added_at: null,
    })),
    episodes,
    episode_files: episodes.map((e) => ({
      episode_file_id: e.episode_file_id,
      episode_ids: [e.episode_id],
      ...file(
        `s${e.season_number}e${e.episode_number}.mkv`,
        1_000_000_000,
        `/media/tv/series-${mediaId}/Season ${e.season_number}`,
      ),
    })),
  };
}

type SeriesParts = MessagePayload<'media.series_parts_upserted'>['items'][number];

/**
 * Changed parts of `series` (media.series_parts_upserted): its root facts at `asOf` and the
 * given children only.
 */
export function seriesParts(
  series: SeriesFacts,
  asOf: string,
  parts: Partial<Pick<SeriesParts, 'seasons' | 'episodes' | 'episode_files'>> = {},
  root: Partial<SeriesParts['series']> = {},
): SeriesParts {
  const { seasons: _s, episodes: _e, episode_files: _f, ...rest } = series;
  return {
    media_id: series.media_id,
    as_of: asOf,
    series: { ...rest, ...root, as_of: asOf },
    seasons: [],
    episodes: [],
    episode_files: [],
    ...parts,
  };
}
