/** Radarr v3 MovieResource and MovieFileResource: the fields we use (§2.5). */
import { fileResource, type ArrFileResource } from '../arr/api-types';
import {
  array,
  boolean,
  integer,
  list,
  object,
  optional,
  raw,
  string,
  type Decoder,
} from '../decode';

export interface RadarrMovieResource {
  id: number;
  tmdbId: number | null;
  imdbId: string | null;
  title: string;
  year: number | null;
  monitored: boolean;
  tags: number[];
  added: unknown;
  hasFile: boolean | null;
  movieFile: ArrFileResource | null;
}

export interface RadarrMovieFileResource extends ArrFileResource {
  movieId: number;
}

export const movie: Decoder<RadarrMovieResource> = object({
  id: integer,
  tmdbId: optional(integer),
  imdbId: optional(string),
  title: string,
  year: optional(integer),
  monitored: boolean,
  tags: list(integer),
  added: raw,
  hasFile: optional(boolean),
  movieFile: optional(fileResource),
});

export const movieFiles: Decoder<RadarrMovieFileResource[]> = array((value) => ({
  ...fileResource(value),
  ...object({ movieId: integer })(value),
}));
