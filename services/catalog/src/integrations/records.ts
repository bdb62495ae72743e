/**
 * Neutral records the sync consumes, whatever system reported them. Dates are sanitised
 * (§2.12: null = unknown), ids normalized (§1.5), file facts normalized (§2.9.3). Paths are
 * kept as reported: mapping them (§6.6.1) is the sync's job.
 */
import type { ProviderIds } from './ids';
import type { Resolution, VideoCodec } from './media-info';

export type { ProviderIds, Resolution, VideoCodec };

export interface ServerInfo {
  serverId: string;
  name: string;
  version: string;
}

export interface ServerLibrary {
  externalId: string;
  name: string;
  mediaType: 'movie' | 'series';
  /** Internal only (§1.12). */
  locations: string[];
}

/** One physical file as the media server reports it: one MovieVersion / EpisodeFile. */
export interface MediaFileRecord {
  /** Jellyfin media source id, Plex media id. */
  externalId: string;
  /** Plex part id; null where the server has none. */
  partId: string | null;
  path: string;
  fileName: string;
  sizeBytes: number | null;
  durationMs: number | null;
  container: string | null;
  width: number | null;
  height: number | null;
  resolution: Resolution | null;
  videoCodec: VideoCodec | null;
  hdr: boolean | null;
  dolbyVision: boolean | null;
  bitrateKbps: number | null;
  addedAt: Date | null;
}

export interface ServerMovie {
  externalId: string;
  title: string;
  originalTitle: string | null;
  year: number | null;
  providerIds: ProviderIds;
  addedAt: Date | null;
  /** Last metadata change on the server (incremental watermark bookkeeping). */
  updatedAt: Date | null;
  genres: string[];
  files: MediaFileRecord[];
}

/**
 * Series, seasons and episodes are listed flat, linked by external ids, because §2.10 streams
 * them page by page: a whole series tree of a large library never sits in memory.
 */
export interface ServerSeries {
  externalId: string;
  title: string;
  originalTitle: string | null;
  year: number | null;
  providerIds: ProviderIds;
  addedAt: Date | null;
  updatedAt: Date | null;
  genres: string[];
}

export interface ServerSeason {
  externalId: string;
  seriesExternalId: string;
  seasonNumber: number;
  title: string | null;
  addedAt: Date | null;
}

export interface ServerEpisode {
  externalId: string;
  seriesExternalId: string;
  seasonExternalId: string | null;
  seasonNumber: number;
  episodeNumber: number;
  /** Last episode of a multi-episode file (`S01E01-E02`); null for a single episode. */
  episodeNumberEnd: number | null;
  title: string | null;
  airDate: Date | null;
  addedAt: Date | null;
  updatedAt: Date | null;
  files: MediaFileRecord[];
}

export interface PlaybackUserRecord {
  externalId: string;
  username: string;
  email: string | null;
  displayName: string;
  isAdmin: boolean;
  lastSeenAt: Date | null;
}

/** Native per-user play facts (Jellyfin/Emby UserData). */
export interface WatchStateRecord {
  userExternalId: string;
  itemExternalId: string;
  itemKind: 'movie' | 'episode';
  playCount: number;
  lastPlayedAt: Date | null;
  completed: boolean;
}

/** One entry of a history ledger (Plex history, Tautulli). */
export interface PlaybackEventRecord {
  sourceEventId: string;
  userExternalId: string;
  itemExternalId: string;
  parentItemExternalId: string | null;
  grandparentItemExternalId: string | null;
  itemKind: 'movie' | 'episode' | 'other';
  viewedAt: Date | null;
  durationS: number | null;
  percentComplete: number | null;
  completed: boolean;
}
