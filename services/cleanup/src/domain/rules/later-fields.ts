import { FIELD_CATALOGUE, type FieldName, type FieldSpec } from './field-catalogue';

/**
 * Fields catalogued for later releases (domain.md 3.5). Naming one in a rule is
 * `field_not_available` rather than `unknown_field`, so an editor can say "not yet" instead of
 * "no such thing".
 */
const LATER_FIELDS: ReadonlySet<string> = new Set([
  'media.file_name',
  'media.container',
  'media.duration',
  'media_server.user_rating',
  'watch.last_viewed_at',
  'playback.has_activity',
  'playback.play_count',
  'playback.total_duration_minutes',
  'playback.longest_duration_minutes',
  'playback.unique_user_count',
  'playback.last_activity_at',
  'playback.days_since_last_activity',
  'playback.user_watched_duration_minutes',
  'playback.user_watched_percent',
  'tmdb.id',
  'tmdb.release_date',
  'tmdb.first_air_date',
  'tmdb.last_air_date',
  'tmdb.days_since_first_air_date',
  'tmdb.days_since_last_air_date',
  'tmdb.runtime_minutes',
  'tmdb.popularity',
  'tmdb.collection_name',
  'imdb.id',
  'imdb.vote_count',
  'tvdb.id',
  'series.tmdb_season_count',
  'series.library_season_count',
  'season.air_date',
  'season.days_since_air_date',
  'season.episode_count',
  'season.watched_percent',
  'season.seasons_from_latest',
  'season.position_by_air_date',
  'episode.number',
  'episode.season_number',
  'episode.air_date',
  'episode.position_by_air_date',
  'video.width',
  'video.height',
  'video.bitrate_kbps',
  'video.bit_depth',
  'arr.movie_ids',
  'arr.series_ids',
  'sonarr.latest_season_has_unaired_episodes',
  'sonarr.latest_season_has_finale',
  'seerr.last_requested_at',
  'favorites.usernames',
  'favorites.user_count',
  'collection.latest_sibling_watched_at',
  'collection.days_since_latest_sibling_watched',
  'disk.free_bytes',
  // The spec says only "media-server genres"; this is the name it will get, by analogy with
  // media_server.collections.
  'media_server.genres',
]);

/** Families named with a wildcard in 3.5 (`video.color_*`, `audio.*`, third-party ratings…). */
const LATER_PREFIXES: readonly string[] = [
  'video.color_',
  'audio.',
  'subtitle.',
  'anilist.',
  'rottentomatoes.',
  'metacritic.',
  'trakt.',
  'letterboxd.',
];

export type FieldLookup =
  { kind: 'available'; name: FieldName; spec: FieldSpec } | { kind: 'later' } | { kind: 'unknown' };

export function isFieldName(name: string): name is FieldName {
  // Own properties only: a name like "constructor" must not reach Object.prototype.
  return Object.hasOwn(FIELD_CATALOGUE, name);
}

export function lookupField(name: string): FieldLookup {
  if (isFieldName(name)) return { kind: 'available', name, spec: FIELD_CATALOGUE[name] };
  const later =
    LATER_FIELDS.has(name) ||
    LATER_PREFIXES.some((prefix) => name.startsWith(prefix) && name.length > prefix.length);
  return later ? { kind: 'later' } : { kind: 'unknown' };
}
