/**
 * The parts of the Jellyfin/Emby REST API we read (names as in Jellyfin's OpenAPI document:
 * BaseItemDto, MediaSourceInfo, MediaStream, UserDto, VirtualFolderInfo, SystemInfo, …).
 * Emby shares these shapes; where it differs, the field is optional here.
 */
import {
  array,
  boolean,
  integer,
  list,
  number,
  object,
  optional,
  raw,
  record,
  string,
  type Decoder,
} from '../decode';

export interface JellyfinSystemInfo {
  Id: string;
  ServerName: string;
  Version: string;
}

export interface JellyfinUserDto {
  Id: string;
  Name: string;
  LastActivityDate: unknown;
  Policy: { IsAdministrator: boolean | null } | null;
}

export interface JellyfinVirtualFolderInfo {
  ItemId: string;
  Name: string;
  /** `movies`, `tvshows`, `music`, `boxsets`, … (absent for mixed libraries). */
  CollectionType: string | null;
  Locations: string[];
}

export interface JellyfinMediaStream {
  /** `Video`, `Audio`, `Subtitle`, … */
  Type: string;
  Codec: string | null;
  Width: number | null;
  Height: number | null;
  BitRate: number | null;
  /** `SDR` / `HDR` (Jellyfin); Emby sends e.g. `HDR 10`. */
  VideoRange: string | null;
  /** Jellyfin 10.8+: `SDR`, `HDR10`, `HDR10Plus`, `HLG`, `DOVI`, `DOVIWithHDR10`, … */
  VideoRangeType: string | null;
  /** Emby: `DolbyVision`, `Hdr10`, `Hdr10Plus`, `HyperLogGamma`, `None`. */
  ExtendedVideoType: string | null;
}

export interface JellyfinMediaSourceInfo {
  Id: string;
  Path: string | null;
  Size: number | null;
  /** Sometimes a list: `mov,mp4,m4a,3gp,3g2,mj2`. */
  Container: string | null;
  Bitrate: number | null;
  RunTimeTicks: number | null;
  MediaStreams: JellyfinMediaStream[];
}

export interface JellyfinUserItemDataDto {
  PlayCount: number | null;
  LastPlayedDate: unknown;
  Played: boolean | null;
  IsFavorite: boolean | null;
}

export interface JellyfinBaseItemDto {
  Id: string;
  Name: string | null;
  OriginalTitle: string | null;
  /** `Movie`, `Series`, `Season`, `Episode`, `BoxSet`, … */
  Type: string;
  ProductionYear: number | null;
  PremiereDate: unknown;
  DateCreated: unknown;
  DateLastSaved: unknown;
  /** Keys as the server spells them: `Tmdb`, `Imdb`, `Tvdb`. */
  ProviderIds: Record<string, unknown> | null;
  Genres: string[];
  Path: string | null;
  RunTimeTicks: number | null;
  MediaSources: JellyfinMediaSourceInfo[];
  SeriesId: string | null;
  SeasonId: string | null;
  ParentIndexNumber: number | null;
  IndexNumber: number | null;
  IndexNumberEnd: number | null;
  UserData: JellyfinUserItemDataDto | null;
}

export interface JellyfinQueryResult<T> {
  Items: T[];
  TotalRecordCount: number;
}

export const systemInfo: Decoder<JellyfinSystemInfo> = object({
  Id: string,
  ServerName: string,
  Version: string,
});

export const users: Decoder<JellyfinUserDto[]> = array(
  object({
    Id: string,
    Name: string,
    LastActivityDate: raw,
    Policy: optional(object({ IsAdministrator: optional(boolean) })),
  }),
);

export const virtualFolders: Decoder<JellyfinVirtualFolderInfo[]> = array(
  object({
    ItemId: string,
    Name: string,
    CollectionType: optional(string),
    Locations: list(string),
  }),
);

const mediaStream: Decoder<JellyfinMediaStream> = object({
  Type: string,
  Codec: optional(string),
  Width: optional(integer),
  Height: optional(integer),
  BitRate: optional(number),
  VideoRange: optional(string),
  VideoRangeType: optional(string),
  ExtendedVideoType: optional(string),
});

const mediaSource: Decoder<JellyfinMediaSourceInfo> = object({
  Id: string,
  Path: optional(string),
  Size: optional(number),
  Container: optional(string),
  Bitrate: optional(number),
  RunTimeTicks: optional(number),
  MediaStreams: list(mediaStream),
});

const userData: Decoder<JellyfinUserItemDataDto> = object({
  PlayCount: optional(integer),
  LastPlayedDate: raw,
  Played: optional(boolean),
  IsFavorite: optional(boolean),
});

export const baseItem: Decoder<JellyfinBaseItemDto> = object({
  Id: string,
  Name: optional(string),
  OriginalTitle: optional(string),
  Type: string,
  ProductionYear: optional(integer),
  PremiereDate: raw,
  DateCreated: raw,
  DateLastSaved: raw,
  ProviderIds: optional(record),
  Genres: list(string),
  Path: optional(string),
  RunTimeTicks: optional(number),
  MediaSources: list(mediaSource),
  SeriesId: optional(string),
  SeasonId: optional(string),
  ParentIndexNumber: optional(integer),
  IndexNumber: optional(integer),
  IndexNumberEnd: optional(integer),
  UserData: optional(userData),
});

export function queryResult<T>(item: Decoder<T>): Decoder<JellyfinQueryResult<T>> {
  return object({ Items: array(item), TotalRecordCount: integer });
}

/** Sessions: only what "now playing" needs. */
export const sessions: Decoder<{ NowPlayingItem: { Id: string } | null }[]> = array(
  object({ NowPlayingItem: optional(object({ Id: string })) }),
);
