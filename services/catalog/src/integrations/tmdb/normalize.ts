/**
 * What a TMDB answer (§2.9.1) becomes in the catalog, normalised as §2.9.3 says. Pure: the
 * enrichment step writes the result as it is.
 *
 * A failed call's meaning for the pass is `tmdbFailure`, below.
 */
import type { DateSanitiser } from '../dates';
import type { FailureReason } from '../errors';
import type { TmdbMovie, TmdbTv } from './api-types';
import { ISO_3166_ALPHA2, ISO_639_3 } from './iso-codes';

/** TMDB's public image host; poster_url is only ever this (never a media-server URL). */
const POSTER_BASE = 'https://image.tmdb.org/t/p/w500';
const POSTER_PATH = /^\/[A-Za-z0-9_-]{1,200}\.(jpg|jpeg|png|webp)$/;

export interface CommonMetadata {
  status: string | null;
  genres: string[];
  original_language: string | null;
  origin_countries: string[];
  tmdb_vote_average: number | null;
  tmdb_vote_count: number | null;
  tmdb_popularity: number | null;
  poster_url: string | null;
  /** Filled only where the catalog has none (§1.5: the main server and the Arrs come first). */
  imdb_id: string | null;
}

export interface MovieMetadata extends CommonMetadata {
  release_date: Date | null;
  collection: { tmdb_collection_id: number; name: string } | null;
}

export interface SeriesMetadata extends CommonMetadata {
  tvdb_id: string | null;
  first_air_date: Date | null;
  last_air_date: Date | null;
  /**
   * TMDB's `number_of_seasons` (specials not counted), else its highest season number: the
   * series' latest season as TMDB knows it (season.is_latest, §3.4 #30).
   */
  tmdb_season_count: number | null;
}

export function movieMetadata(movie: TmdbMovie, dates: DateSanitiser): MovieMetadata {
  const countries =
    movie.origin_country.length > 0
      ? movie.origin_country
      : movie.production_countries.map((country) => country.iso_3166_1);
  const collection = movie.belongs_to_collection;
  return {
    ...commonMetadata(movie, countries),
    release_date: dates.content('release_date', movie.release_date),
    collection:
      collection && collection.id > 0 && collection.name.trim() !== ''
        ? { tmdb_collection_id: collection.id, name: collection.name.trim() }
        : null,
  };
}

export function seriesMetadata(tv: TmdbTv, dates: DateSanitiser): SeriesMetadata {
  const numbers = tv.seasons.map((season) => season.season_number).filter((n) => n > 0);
  const highest = numbers.length > 0 ? Math.max(...numbers) : null;
  return {
    ...commonMetadata(tv, tv.origin_country),
    tvdb_id: digits(tv.external_ids?.tvdb_id ?? null),
    first_air_date: dates.content('first_air_date', tv.first_air_date),
    last_air_date: dates.content('last_air_date', tv.last_air_date),
    tmdb_season_count: nonNegativeInt(tv.number_of_seasons) ?? highest,
  };
}

function commonMetadata(item: TmdbMovie | TmdbTv, countries: string[]): CommonMetadata {
  return {
    status: text(item.status),
    genres: [...new Set(item.genres.map((genre) => genre.name.trim()).filter(Boolean))],
    original_language: language(item.original_language),
    origin_countries: [...new Set(countries.map((c) => c.toUpperCase()))].filter((c) =>
      ISO_3166_ALPHA2.has(c),
    ),
    tmdb_vote_average: inRange(item.vote_average, 10),
    tmdb_vote_count: nonNegativeInt(item.vote_count),
    tmdb_popularity: inRange(item.popularity, Number.MAX_SAFE_INTEGER),
    poster_url:
      item.poster_path && POSTER_PATH.test(item.poster_path)
        ? `${POSTER_BASE}${item.poster_path}`
        : null,
    imdb_id: imdbId(item.external_ids?.imdb_id ?? null),
  };
}

/** ISO 639-1 → 639-3; `xx` (no language) and unknown codes are absent. */
export function language(code: string | null): string | null {
  return code === null ? null : (ISO_639_3.get(code.trim().toLowerCase()) ?? null);
}

const text = (value: string | null) => (value?.trim() ? value.trim().slice(0, 100) : null);
const inRange = (value: number | null, max: number) =>
  value !== null && value >= 0 && value <= max ? value : null;
const nonNegativeInt = (value: number | null) =>
  value !== null && Number.isSafeInteger(value) && value >= 0 ? value : null;
const imdbId = (value: string | null) => (value && /^tt\d{1,12}$/.test(value) ? value : null);
const digits = (value: string | null) => (value && /^\d{1,12}$/.test(value) ? value : null);

/**
 * What one item's failed call means for a pass. An answer about the item itself (a shape we
 * cannot read, a client error such as 404 or 422) skips that item; anything that says the
 * source is unwell (credentials refused, unreachable, slow, rate-limited, failing) stops the
 * pass, so a bad key costs one call and not two thousand.
 */
export function tmdbFailure(reason: FailureReason, status: number | null): 'skip_item' | 'stop' {
  switch (reason) {
    case 'invalid_response':
    case 'too_large':
      return 'skip_item';
    case 'http':
      return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429
        ? 'skip_item'
        : 'stop';
    case 'unauthorized':
    case 'unreachable':
    case 'timeout':
    case 'incomplete':
    case 'secrets_unreadable':
    case 'canceled':
      return 'stop';
  }
}
