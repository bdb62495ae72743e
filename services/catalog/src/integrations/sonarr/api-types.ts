/** Sonarr v3 SeriesResource, EpisodeResource and EpisodeFileResource: the fields we use (§2.6). */
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

export interface SonarrSeasonResource {
  seasonNumber: number;
  monitored: boolean;
  statistics: { episodeFileCount: number | null; totalEpisodeCount: number | null } | null;
}

export interface SonarrSeriesResource {
  id: number;
  tvdbId: number | null;
  tmdbId: number | null;
  imdbId: string | null;
  title: string;
  year: number | null;
  /** `continuing`, `ended`, `upcoming`, `deleted`. */
  status: string | null;
  monitored: boolean;
  tags: number[];
  added: unknown;
  seasons: SonarrSeasonResource[];
}

export interface SonarrEpisodeResource {
  id: number;
  seriesId: number;
  seasonNumber: number;
  episodeNumber: number;
  airDateUtc: unknown;
  monitored: boolean;
  hasFile: boolean | null;
  episodeFileId: number | null;
  episodeFile: ArrFileResource | null;
}

export interface SonarrEpisodeFileResource extends ArrFileResource {
  seriesId: number;
  seasonNumber: number | null;
}

const season: Decoder<SonarrSeasonResource> = object({
  seasonNumber: integer,
  monitored: boolean,
  statistics: optional(
    object({ episodeFileCount: optional(integer), totalEpisodeCount: optional(integer) }),
  ),
});

export const series: Decoder<SonarrSeriesResource> = object({
  id: integer,
  tvdbId: optional(integer),
  tmdbId: optional(integer),
  imdbId: optional(string),
  title: string,
  year: optional(integer),
  status: optional(string),
  monitored: boolean,
  tags: list(integer),
  added: raw,
  seasons: list(season),
});

export const episodes: Decoder<SonarrEpisodeResource[]> = array(
  object({
    id: integer,
    seriesId: integer,
    seasonNumber: integer,
    episodeNumber: integer,
    airDateUtc: raw,
    monitored: boolean,
    hasFile: optional(boolean),
    episodeFileId: optional(integer),
    episodeFile: optional(fileResource),
  }),
);

export const episodeFile: Decoder<SonarrEpisodeFileResource> = (value) => ({
  ...fileResource(value),
  ...object({ seriesId: integer, seasonNumber: optional(integer) })(value),
});

export const episodeFiles: Decoder<SonarrEpisodeFileResource[]> = array(episodeFile);
