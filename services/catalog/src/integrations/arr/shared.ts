/** Normalization Radarr and Sonarr share (file facts) and their editor's batch size. */
import type { DateSanitiser } from '../dates';
import {
  fileNameOf,
  parseDimensions,
  rangeFromArr,
  resolutionOf,
  videoCodecOf,
} from '../media-info';
import * as api from './api-types';
import type { ArrFile } from './records';

/** Both editors accept at most this many ids per call in our policy (§2.5–2.6). */
export const EDITOR_BATCH = 100;

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
