import type { FieldType, Operator } from './field-types';

/**
 * The first-release condition fields (domain.md 3.4): type, allowed scopes, source(s), value
 * bounds. Pure data; `lookupField` (later-fields.ts) is the only way to read it by a name that
 * came from outside.
 */
export type RuleScope = 'movie_version' | 'series' | 'season' | 'episode';

export type SourceKind =
  'catalog' | 'arr' | 'seerr' | 'playback' | 'favorites' | 'tmdb' | 'imdb' | 'disk';

/** What one element of a list value (or an enum value) is, for validation and comparison. */
export type ItemKind =
  'library_id' | 'collection_id' | 'name' | 'country' | 'language' | 'tag' | 'user_key';

export interface NumberBounds {
  min: number;
  max: number;
  /** `integer` for counts, bytes, years and days; `tenth` for 0…10 scales (one decimal). */
  step: 'integer' | 'tenth' | 'any';
}

export interface FieldSpec<T extends FieldType = FieldType> {
  type: T;
  scopes: readonly RuleScope[];
  sources: readonly SourceKind[];
  /**
   * `all`: every source is needed (written "a + b" in 3.4); `any`: the value falls back from
   * one source to the next (written "a / b"), so it is known while one of them is available.
   */
  sourcesNeeded: 'all' | 'any';
  bounds?: NumberBounds;
  allowed?: readonly string[];
  item?: ItemKind;
  /** A narrower operator set than the type's (library.id: contains_any / not_contains_any). */
  operators?: readonly Operator[];
  /** The definition makes "no value" mean false, so an absent value satisfies `is_false`. */
  absentIsFalse?: boolean;
}

const MAX_COUNT = Number.MAX_SAFE_INTEGER; // 2^53 − 1 (domain.md 3.6)
const COUNT: NumberBounds = { min: 0, max: MAX_COUNT, step: 'integer' };
const SCALE_10: NumberBounds = { min: 0, max: 10, step: 'tenth' };
// Percentages have no stated precision; any number in 0…100 is accepted.
const PERCENT: NumberBounds = { min: 0, max: 100, step: 'any' };
// Years have no stated bounds: any four-digit year is accepted.
const YEAR: NumberBounds = { min: 1000, max: 9999, step: 'integer' };
export const DAYS_BOUNDS: NumberBounds = { min: 0, max: 36_500, step: 'integer' };

const ALL: readonly RuleScope[] = ['movie_version', 'series', 'season', 'episode'];
const V: readonly RuleScope[] = ['movie_version'];
const V_S: readonly RuleScope[] = ['movie_version', 'series'];
const V_E: readonly RuleScope[] = ['movie_version', 'episode'];
const S_SE_E: readonly RuleScope[] = ['series', 'season', 'episode'];
const SE_E: readonly RuleScope[] = ['season', 'episode'];
const E: readonly RuleScope[] = ['episode'];

type Extra = Omit<FieldSpec, 'type' | 'scopes' | 'sources' | 'sourcesNeeded'> & {
  anyOneSource?: boolean;
};

function field<T extends FieldType>(
  type: T,
  scopes: readonly RuleScope[],
  sources: SourceKind | readonly SourceKind[],
  { anyOneSource = false, ...extra }: Extra = {},
): FieldSpec<T> {
  const list = typeof sources === 'string' ? [sources] : sources;
  const days = type === 'days' ? { bounds: DAYS_BOUNDS } : {};
  return {
    type,
    scopes,
    sources: list,
    sourcesNeeded: anyOneSource ? 'any' : 'all',
    ...days,
    ...extra,
  };
}

export const FIELD_CATALOGUE = {
  'library.id': field('list', ALL, 'catalog', {
    item: 'library_id',
    operators: ['contains_any', 'not_contains_any'],
  }),
  'media.title': field('text', ALL, 'catalog'),
  'media.path': field('path', ALL, 'catalog'),
  'media.size_bytes': field('number', ALL, 'catalog', { bounds: COUNT }),
  'media.year': field('number', ALL, 'catalog', { bounds: YEAR }),
  'media.days_since_added': field('days', ALL, 'catalog'),
  'file.days_since_added': field('days', ALL, 'arr'),
  'media.days_since_release': field('days', V_S, 'tmdb'),
  'watch.view_count': field('number', ALL, 'playback', { bounds: COUNT }),
  'watch.days_since_last_watched': field('days', ALL, 'playback'),
  'watch.never_watched': field('boolean', ALL, 'playback'),
  'playback.watched_by': field('user_set', ALL, 'playback', { item: 'user_key' }),
  // "A non-declined request exists": with no request the definition itself says false.
  'seerr.requested': field('boolean', ALL, 'seerr', { absentIsFalse: true }),
  'seerr.requested_by': field('user_set', ALL, 'seerr', { item: 'user_key' }),
  // Absent when not requested, and then neither is_true nor is_false matches (3.4 #15).
  'seerr.requester_has_watched': field('boolean', ALL, ['seerr', 'playback']),
  'seerr.days_since_requested': field('days', ALL, 'seerr'),
  'tmdb.genres': field('list', ALL, 'tmdb', { item: 'name' }),
  'tmdb.original_language': field('enum', ALL, 'tmdb', { item: 'language' }),
  'tmdb.origin_country': field('list', ALL, 'tmdb', { item: 'country' }),
  'tmdb.collection': field('list', V, 'tmdb', { item: 'collection_id' }),
  'media_server.collections': field('list', ALL, 'catalog', { item: 'name' }),
  'tmdb.vote_average': field('number', ALL, 'tmdb', { bounds: SCALE_10 }),
  'tmdb.vote_count': field('number', ALL, 'tmdb', { bounds: COUNT }),
  'imdb.rating': field('number', ALL, 'imdb', { bounds: SCALE_10 }),
  'arr.tags': field('tag_list', ALL, 'arr', { item: 'tag' }),
  'arr.monitored': field('boolean', ALL, 'arr'),
  'series.status': field('enum', S_SE_E, ['tmdb', 'arr'], {
    allowed: ['continuing', 'ended', 'canceled', 'upcoming'],
    anyOneSource: true,
  }),
  'season.number': field('number', SE_E, 'catalog', { bounds: COUNT }),
  'season.fully_watched': field('boolean', SE_E, 'playback'),
  'season.is_latest': field('boolean', SE_E, ['catalog', 'tmdb']),
  'episode.days_since_air_date': field('days', E, 'catalog'),
  'video.resolution': field('enum', V_E, 'catalog', {
    allowed: ['sd', '720p', '1080p', '2160p', '4320p'],
  }),
  'video.codec': field('enum', V_E, 'catalog', {
    allowed: ['h264', 'hevc', 'av1', 'vp9', 'mpeg2', 'mpeg4', 'vc1', 'other'],
  }),
  'video.hdr': field('boolean', V_E, 'catalog'),
  'video.dolby_vision': field('boolean', V_E, 'catalog'),
  'movie.version_count': field('number', V, 'catalog', {
    bounds: { min: 1, max: MAX_COUNT, step: 'integer' },
  }),
  'disk.free_percent': field('number', ALL, 'disk', { bounds: PERCENT }),
  // "Favourited by any user": no favourite means false, not unknown.
  'favorites.exists': field('boolean', ALL, 'favorites', { absentIsFalse: true }),
} as const satisfies Record<string, FieldSpec>;

export type FieldName = keyof typeof FIELD_CATALOGUE;
