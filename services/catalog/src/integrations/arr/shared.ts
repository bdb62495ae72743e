/** Calls and normalization Radarr and Sonarr share: status, tags, disk space, file facts. */
import type { DateSanitiser } from '../dates';
import type { HttpClient } from '../http';
import {
  fileNameOf,
  parseDimensions,
  rangeFromArr,
  resolutionOf,
  videoCodecOf,
} from '../media-info';
import * as api from './api-types';
import type { ArrFile, ArrStatus, ArrTag, DiskSpace } from './records';

/** Both editors accept at most this many ids per call in our policy (§2.5–2.6). */
export const EDITOR_BATCH = 100;

export async function systemStatus(http: HttpClient): Promise<ArrStatus> {
  const status = await http.get('/api/v3/system/status', api.systemStatus);
  return { appName: status.appName, version: status.version };
}

export async function listTags(http: HttpClient): Promise<ArrTag[]> {
  const tags = await http.get('/api/v3/tag', api.tags);
  return tags.map((tag) => ({ id: tag.id, label: tag.label.toLowerCase() }));
}

export async function createTag(http: HttpClient, label: string): Promise<ArrTag> {
  const tag = await http.write({ method: 'POST', path: '/api/v3/tag', body: { label } }, api.tag);
  if (!tag)
    throw http.fail('POST', '/api/v3/tag', 'invalid_response', 'the new tag was not returned');
  return { id: tag.id, label: tag.label.toLowerCase() };
}

export async function diskSpace(http: HttpClient): Promise<DiskSpace[]> {
  const disks = await http.get('/api/v3/diskspace', api.diskSpaces);
  return disks.map((disk) => ({
    path: disk.path,
    freeBytes: disk.freeSpace,
    totalBytes: disk.totalSpace,
  }));
}

export function toArrFile(file: api.ArrFileResource, dates: DateSanitiser): ArrFile {
  const { width, height } = parseDimensions(file.mediaInfo?.resolution ?? null);
  const range = rangeFromArr(file.mediaInfo?.videoDynamicRangeType ?? null);
  const path = file.path ?? null;
  return {
    externalId: file.id,
    path,
    fileName: path ? fileNameOf(path) : file.relativePath ? fileNameOf(file.relativePath) : null,
    sizeBytes: file.size,
    addedAt: dates.event('file_added_at', file.dateAdded),
    width,
    height,
    resolution: resolutionOf(width, height),
    videoCodec: videoCodecOf(file.mediaInfo?.videoCodec ?? null),
    hdr: file.mediaInfo ? range.hdr : null,
    dolbyVision: file.mediaInfo ? range.dolbyVision : null,
  };
}

/** Splits ids into editor-sized batches so one huge PUT cannot time out half-applied. */
export function batches<T>(items: readonly T[], size = EDITOR_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
