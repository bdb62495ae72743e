/** Jellyfin/Emby items → neutral records (§2.3, §2.9.3, §2.12). */
import type { DateSanitiser } from '../dates';
import { imdbIdOf, tmdbIdOf, tvdbIdOf, type ProviderIds } from '../ids';
import {
  fileNameOf,
  rangeFromJellyfin,
  resolutionOf,
  videoCodecOf,
  type DynamicRange,
} from '../media-info';
import type {
  MediaFileRecord,
  PlaybackUserRecord,
  ServerEpisode,
  ServerLibrary,
  ServerMovie,
  ServerSeason,
  ServerSeries,
  WatchStateRecord,
} from '../records';
import type {
  JellyfinBaseItemDto,
  JellyfinMediaSourceInfo,
  JellyfinMediaStream,
  JellyfinUserDto,
  JellyfinVirtualFolderInfo,
} from './api-types';

const TICKS_PER_MS = 10_000;

function providerIds(item: JellyfinBaseItemDto): ProviderIds {
  // Key case varies between server versions and plugins (`Tmdb`, `TMDb`).
  const byKey = new Map(
    Object.entries(item.ProviderIds ?? {}).map(([key, value]) => [key.toLowerCase(), value]),
  );
  return {
    tmdb: tmdbIdOf(byKey.get('tmdb')),
    imdb: imdbIdOf(byKey.get('imdb')),
    tvdb: tvdbIdOf(byKey.get('tvdb')),
  };
}

/** Emby reports DV/HDR in ExtendedVideoType rather than VideoRangeType. */
function dynamicRange(stream: JellyfinMediaStream): DynamicRange {
  const emby: Record<string, string> = {
    dolbyvision: 'DOVI',
    hdr10: 'HDR10',
    hdr10plus: 'HDR10Plus',
    hyperloggamma: 'HLG',
    none: 'SDR',
  };
  const extended = stream.ExtendedVideoType
    ? emby[stream.ExtendedVideoType.toLowerCase()]
    : undefined;
  return rangeFromJellyfin(stream.VideoRange, stream.VideoRangeType ?? extended ?? null);
}

/** `mov,mp4,m4a,…` lists every alias of the demuxer; the file's extension picks the one. */
function containerOf(container: string | null, path: string): string | null {
  if (container === null || container === '') return null;
  const options = container.toLowerCase().split(',');
  const extension = fileNameOf(path).split('.').pop()?.toLowerCase() ?? '';
  return options.includes(extension) ? extension : (options[0] ?? null);
}

function fileRecord(
  source: JellyfinMediaSourceInfo,
  path: string,
  addedAt: Date | null,
): MediaFileRecord {
  const video = source.MediaStreams.find((stream) => stream.Type === 'Video');
  const width = video?.Width ?? null;
  const height = video?.Height ?? null;
  const bitrate = source.Bitrate ?? video?.BitRate ?? null;
  const range = video ? dynamicRange(video) : { hdr: null, dolbyVision: null };
  return {
    externalId: source.Id,
    partId: null,
    path,
    fileName: fileNameOf(path),
    sizeBytes: source.Size,
    durationMs:
      source.RunTimeTicks === null ? null : Math.round(source.RunTimeTicks / TICKS_PER_MS),
    container: containerOf(source.Container, path),
    width,
    height,
    resolution: resolutionOf(width, height),
    videoCodec: videoCodecOf(video?.Codec ?? null),
    hdr: range.hdr,
    dolbyVision: range.dolbyVision,
    bitrateKbps: bitrate === null ? null : Math.round(bitrate / 1000),
    addedAt,
  };
}

/** Each media source is one version; an item without sources but with a path is one file. */
export function filesOf(item: JellyfinBaseItemDto, addedAt: Date | null): MediaFileRecord[] {
  const files: MediaFileRecord[] = [];
  for (const source of item.MediaSources) {
    const path = source.Path ?? item.Path;
    if (path) files.push(fileRecord(source, path, addedAt));
  }
  if (files.length === 0 && item.Path && item.MediaSources.length === 0) {
    const bare = { Id: item.Id, Path: item.Path, Size: null, Container: null, Bitrate: null };
    files.push(
      fileRecord(
        { ...bare, RunTimeTicks: item.RunTimeTicks, MediaStreams: [] },
        item.Path,
        addedAt,
      ),
    );
  }
  return files;
}

export function toMovie(item: JellyfinBaseItemDto, dates: DateSanitiser): ServerMovie {
  const addedAt = dates.event('added_at', item.DateCreated);
  return {
    externalId: item.Id,
    title: item.Name ?? '',
    originalTitle: item.OriginalTitle,
    year: item.ProductionYear,
    providerIds: providerIds(item),
    addedAt,
    updatedAt: dates.event('updated_at', item.DateLastSaved),
    genres: [...new Set(item.Genres)],
    files: filesOf(item, addedAt),
  };
}

export function toSeries(item: JellyfinBaseItemDto, dates: DateSanitiser): ServerSeries {
  return {
    externalId: item.Id,
    title: item.Name ?? '',
    originalTitle: item.OriginalTitle,
    year: item.ProductionYear,
    providerIds: providerIds(item),
    addedAt: dates.event('added_at', item.DateCreated),
    updatedAt: dates.event('updated_at', item.DateLastSaved),
    genres: [...new Set(item.Genres)],
  };
}

export function toSeason(item: JellyfinBaseItemDto, dates: DateSanitiser): ServerSeason | null {
  if (item.SeriesId === null || item.IndexNumber === null) return null;
  return {
    externalId: item.Id,
    seriesExternalId: item.SeriesId,
    seasonNumber: item.IndexNumber,
    title: item.Name,
    addedAt: dates.event('added_at', item.DateCreated),
  };
}

/** Episodes without series, season or episode number cannot be matched (§1.5) and are skipped. */
export function toEpisode(item: JellyfinBaseItemDto, dates: DateSanitiser): ServerEpisode | null {
  if (item.SeriesId === null || item.ParentIndexNumber === null || item.IndexNumber === null) {
    return null;
  }
  const addedAt = dates.event('added_at', item.DateCreated);
  return {
    externalId: item.Id,
    seriesExternalId: item.SeriesId,
    seasonExternalId: item.SeasonId,
    seasonNumber: item.ParentIndexNumber,
    episodeNumber: item.IndexNumber,
    episodeNumberEnd: item.IndexNumberEnd,
    title: item.Name,
    airDate: dates.content('air_date', item.PremiereDate),
    addedAt,
    updatedAt: dates.event('updated_at', item.DateLastSaved),
    files: filesOf(item, addedAt),
  };
}

export function toLibrary(folder: JellyfinVirtualFolderInfo): ServerLibrary | null {
  const kind = folder.CollectionType?.toLowerCase();
  const mediaType = kind === 'movies' ? 'movie' : kind === 'tvshows' ? 'series' : null;
  if (mediaType === null) return null;
  return { externalId: folder.ItemId, name: folder.Name, mediaType, locations: folder.Locations };
}

export function toUser(user: JellyfinUserDto, dates: DateSanitiser): PlaybackUserRecord {
  return {
    externalId: user.Id,
    username: user.Name,
    email: null,
    displayName: user.Name,
    isAdmin: user.Policy?.IsAdministrator ?? false,
    lastSeenAt: dates.event('last_seen_at', user.LastActivityDate),
  };
}

export function toWatchState(
  userId: string,
  item: JellyfinBaseItemDto,
  dates: DateSanitiser,
): WatchStateRecord | null {
  if (item.Type !== 'Movie' && item.Type !== 'Episode') return null;
  const data = item.UserData;
  return {
    userExternalId: userId,
    itemExternalId: item.Id,
    itemKind: item.Type === 'Movie' ? 'movie' : 'episode',
    playCount: Math.max(0, data?.PlayCount ?? 0),
    lastPlayedAt: dates.event('last_played_at', data?.LastPlayedDate),
    completed: data?.Played ?? false,
  };
}
