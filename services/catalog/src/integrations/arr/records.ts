/** Neutral records of Radarr and Sonarr (§2.5–2.6). */
import type { Resolution, VideoCodec } from '../media-info';

export interface ArrFile {
  /** movieFile / episodeFile id, per instance. */
  externalId: number;
  path: string | null;
  fileName: string | null;
  sizeBytes: number | null;
  /** Import date (`dateAdded`): the version's `file_added_at`. */
  addedAt: Date | null;
  width: number | null;
  height: number | null;
  resolution: Resolution | null;
  videoCodec: VideoCodec | null;
  hdr: boolean | null;
  dolbyVision: boolean | null;
}

export interface ArrMovie {
  externalId: number;
  tmdbId: number | null;
  imdbId: string | null;
  title: string;
  year: number | null;
  monitored: boolean;
  tagIds: number[];
  addedAt: Date | null;
  hasFile: boolean;
  file: ArrFile | null;
}

export type ArrSeriesStatus = 'continuing' | 'ended' | 'upcoming' | 'deleted';

export interface ArrSeason {
  seasonNumber: number;
  monitored: boolean;
  episodeFileCount: number | null;
  totalEpisodeCount: number | null;
}

export interface ArrSeries {
  externalId: number;
  tvdbId: string | null;
  tmdbId: number | null;
  imdbId: string | null;
  title: string;
  year: number | null;
  status: ArrSeriesStatus | null;
  monitored: boolean;
  tagIds: number[];
  addedAt: Date | null;
  seasons: ArrSeason[];
}

export interface ArrEpisode {
  externalId: number;
  seriesExternalId: number;
  seasonNumber: number;
  episodeNumber: number;
  airDate: Date | null;
  monitored: boolean;
  hasFile: boolean;
  episodeFileId: number | null;
  file: ArrFile | null;
}

export interface ArrTag {
  id: number;
  /** Lower case, as catalog stores `arr_tags`. */
  label: string;
}

export interface DiskSpace {
  path: string;
  freeBytes: number;
  totalBytes: number;
}

export interface ArrStatus {
  appName: string | null;
  version: string;
}

/** Options of the editor endpoints: tag changes and monitoring in one shape. */
export type EditorChange = { tagIds: number[]; apply: 'add' | 'remove' } | { monitored: boolean };
