/**
 * TMDB API v3 (§2.9.1): the movie and TV details with `append_to_response=external_ids`, the
 * fields enrichment uses and nothing else. Values are checked for their type here and for their
 * range and vocabulary by the pure normalisation (domain/tmdb-metadata).
 */
import {
  idString,
  integer,
  list,
  number,
  object,
  optional,
  raw,
  string,
  type Decoder,
} from '../decode';

export interface TmdbExternalIds {
  imdb_id: string | null;
  tvdb_id: string | null;
}

interface TmdbCommon {
  id: number;
  genres: { name: string }[];
  original_language: string | null;
  origin_country: string[];
  vote_average: number | null;
  vote_count: number | null;
  popularity: number | null;
  status: string | null;
  poster_path: string | null;
  external_ids: TmdbExternalIds | null;
}

export interface TmdbMovie extends TmdbCommon {
  /** Older answers have no origin_country on movies: their production countries stand in. */
  production_countries: { iso_3166_1: string }[];
  belongs_to_collection: { id: number; name: string } | null;
  release_date: unknown;
}

export interface TmdbTv extends TmdbCommon {
  first_air_date: unknown;
  last_air_date: unknown;
  number_of_seasons: number | null;
  seasons: { season_number: number }[];
}

const externalIds: Decoder<TmdbExternalIds> = object({
  imdb_id: optional(string),
  tvdb_id: optional(idString),
});

const common = {
  id: integer,
  genres: list(object({ name: string })),
  original_language: optional(string),
  origin_country: list(string),
  vote_average: optional(number),
  vote_count: optional(integer),
  popularity: optional(number),
  status: optional(string),
  poster_path: optional(string),
  external_ids: optional(externalIds),
};

export const movie: Decoder<TmdbMovie> = object<TmdbMovie>({
  ...common,
  production_countries: list(object({ iso_3166_1: string })),
  belongs_to_collection: optional(object({ id: integer, name: string })),
  release_date: raw,
});

export const tv: Decoder<TmdbTv> = object<TmdbTv>({
  ...common,
  first_air_date: raw,
  last_air_date: raw,
  number_of_seasons: optional(integer),
  seasons: list(object({ season_number: integer })),
});
