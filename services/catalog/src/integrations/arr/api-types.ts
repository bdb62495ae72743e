/**
 * Resources Radarr and Sonarr v3 share (names as in their OpenAPI documents): SystemResource,
 * TagResource, DiskSpaceResource, MediaInfoResource.
 */
import { array, integer, number, object, optional, raw, string, type Decoder } from '../decode';

export interface ArrSystemResource {
  appName: string | null;
  version: string;
}

export interface ArrTagResource {
  id: number;
  label: string;
}

export interface ArrDiskSpaceResource {
  path: string;
  freeSpace: number;
  totalSpace: number;
}

export interface ArrMediaInfoResource {
  /** `x265`, `h264`, `AV1`, … */
  videoCodec: string | null;
  /** `1920x1080`. */
  resolution: string | null;
  /** `""`, `HDR10`, `HDR10Plus`, `HLG`, `DV`, `DV HDR10`, … */
  videoDynamicRangeType: string | null;
}

/** MovieFileResource / EpisodeFileResource: the fields both have. */
export interface ArrFileResource {
  id: number;
  path: string | null;
  relativePath: string | null;
  size: number | null;
  dateAdded: unknown;
  mediaInfo: ArrMediaInfoResource | null;
}

export const systemStatus: Decoder<ArrSystemResource> = object({
  appName: optional(string),
  version: string,
});

export const tag: Decoder<ArrTagResource> = object({ id: integer, label: string });
export const tags: Decoder<ArrTagResource[]> = array(tag);

export const diskSpaces: Decoder<ArrDiskSpaceResource[]> = array(
  object({ path: string, freeSpace: number, totalSpace: number }),
);

export const mediaInfo: Decoder<ArrMediaInfoResource> = object({
  videoCodec: optional(string),
  resolution: optional(string),
  videoDynamicRangeType: optional(string),
});

export const fileResource: Decoder<ArrFileResource> = object({
  id: integer,
  path: optional(string),
  relativePath: optional(string),
  size: optional(number),
  dateAdded: raw,
  mediaInfo: optional(mediaInfo),
});
