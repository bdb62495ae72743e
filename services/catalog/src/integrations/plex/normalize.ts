/** Plex metadata → neutral records (§2.4, §2.9.3, §2.12). */
import type { DateSanitiser } from '../dates';
import { providerIdsFromGuids } from '../ids';
import {
  fileNameOf,
  rangeFromPlex,
  resolutionOf,
  videoCodecOf,
  type DynamicRange,
} from '../media-info';
import type {
  MediaFileRecord,
  PlaybackEventRecord,
  ServerEpisode,
  ServerLibrary,
  ServerMovie,
  ServerSeason,
  ServerSeries,
} from '../records';
import type { PlexDirectory, PlexHistoryEntry, PlexMedia, PlexMetadata } from './api-types';

/** Plex's own label when width/height are missing: `4k`, `1080`, `720`, `480`, `sd`. */
const LABEL_HEIGHTS: Record<string, number> = {
  '8k': 4320,
  '4k': 2160,
  '1080': 1080,
  '720': 720,
  '576': 576,
  '480': 480,
  sd: 480,
};

/**
 * One Media entry is one version; its Parts are the stacked files of that version (cd1, cd2).
 * The first part's path identifies it; sizes add up.
 */
function fileOf(media: PlexMedia, addedAt: Date | null): MediaFileRecord | null {
  const first = media.Part[0];
  if (!first?.file) return null;
  const labelHeight = media.videoResolution
    ? LABEL_HEIGHTS[media.videoResolution.toLowerCase()]
    : undefined;
  const sizes = media.Part.map((part) => part.size);
  return {
    externalId: media.id,
    partId: first.id,
    path: first.file,
    fileName: fileNameOf(first.file),
    sizeBytes: sizes.every((size) => size !== null)
      ? sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0)
      : null,
    durationMs: media.duration,
    container: media.container ?? first.container,
    width: media.width,
    height: media.height,
    resolution: resolutionOf(media.width, media.height ?? labelHeight ?? null),
    videoCodec: videoCodecOf(media.videoCodec),
    // List calls carry no stream details; mediaRanges() reads them per changed item (§2.4).
    hdr: null,
    dolbyVision: null,
    bitrateKbps: media.bitrate,
    addedAt,
  };
}

function filesOf(item: PlexMetadata, addedAt: Date | null): MediaFileRecord[] {
  return item.Media.flatMap((media) => fileOf(media, addedAt) ?? []);
}

function genres(item: PlexMetadata): string[] {
  return [...new Set(item.Genre.map((genre) => genre.tag))];
}

export function toMovie(item: PlexMetadata, dates: DateSanitiser): ServerMovie {
  const addedAt = dates.event('added_at', item.addedAt);
  return {
    externalId: item.ratingKey,
    title: item.title ?? '',
    originalTitle: item.originalTitle,
    year: item.year,
    providerIds: providerIdsFromGuids(item.Guid.map((guid) => guid.id)),
    addedAt,
    updatedAt: dates.event('updated_at', item.updatedAt),
    genres: genres(item),
    files: filesOf(item, addedAt),
  };
}

export function toSeries(item: PlexMetadata, dates: DateSanitiser): ServerSeries {
  return {
    externalId: item.ratingKey,
    title: item.title ?? '',
    originalTitle: item.originalTitle,
    year: item.year,
    providerIds: providerIdsFromGuids(item.Guid.map((guid) => guid.id)),
    addedAt: dates.event('added_at', item.addedAt),
    updatedAt: dates.event('updated_at', item.updatedAt),
    genres: genres(item),
  };
}

export function toSeason(item: PlexMetadata, dates: DateSanitiser): ServerSeason | null {
  if (item.parentRatingKey === null || item.index === null) return null;
  return {
    externalId: item.ratingKey,
    seriesExternalId: item.parentRatingKey,
    seasonNumber: item.index,
    title: item.title,
    addedAt: dates.event('added_at', item.addedAt),
  };
}

export function toEpisode(item: PlexMetadata, dates: DateSanitiser): ServerEpisode | null {
  if (item.grandparentRatingKey === null || item.parentIndex === null || item.index === null)
    return null;
  const addedAt = dates.event('added_at', item.addedAt);
  return {
    externalId: item.ratingKey,
    seriesExternalId: item.grandparentRatingKey,
    seasonExternalId: item.parentRatingKey,
    seasonNumber: item.parentIndex,
    episodeNumber: item.index,
    episodeNumberEnd: null,
    title: item.title,
    airDate: dates.content('air_date', item.originallyAvailableAt),
    addedAt,
    updatedAt: dates.event('updated_at', item.updatedAt),
    files: filesOf(item, addedAt),
  };
}

export function toLibrary(directory: PlexDirectory): ServerLibrary | null {
  const mediaType =
    directory.type === 'movie' ? 'movie' : directory.type === 'show' ? 'series' : null;
  if (mediaType === null) return null;
  return {
    externalId: directory.key,
    name: directory.title,
    mediaType,
    locations: directory.Location.map((location) => location.path),
  };
}

/** HDR facts per media id from the detail call's video streams. */
export function rangesOf(item: PlexMetadata): Map<string, DynamicRange> {
  const ranges = new Map<string, DynamicRange>();
  for (const media of item.Media) {
    const video = media.Part.flatMap((part) => part.Stream).find(
      (stream) => stream.streamType === 1,
    );
    if (video) ranges.set(media.id, rangeFromPlex(video.colorTrc, video.DOVIPresent));
  }
  return ranges;
}

/** Each Plex history entry is one completed view (§2.4). */
export function toPlaybackEvent(
  entry: PlexHistoryEntry,
  dates: DateSanitiser,
): PlaybackEventRecord | null {
  if (entry.ratingKey === null) return null; // the item was deleted since; nothing to link
  const kind = entry.type === 'movie' || entry.type === 'episode' ? entry.type : 'other';
  return {
    sourceEventId: entry.historyKey,
    userExternalId: entry.accountID,
    itemExternalId: entry.ratingKey,
    parentItemExternalId: entry.parentRatingKey,
    grandparentItemExternalId: entry.grandparentRatingKey,
    itemKind: kind,
    viewedAt: dates.event('viewed_at', entry.viewedAt),
    durationS: null,
    percentComplete: null,
    completed: true,
  };
}
