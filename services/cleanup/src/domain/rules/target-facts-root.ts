import { commonFolder } from '@mcs/kit';
import { type TargetFacts, type UnknownFact, UNKNOWN_FACT } from './facts';
import type { DiskFree } from './inputs';
import type { MovieRootFacts, SeriesRootFacts } from './root-projection';

/** Facts every scope takes from its root movie or series (domain.md 3.4). */
type RootFacts = MovieRootFacts | SeriesRootFacts;
type MediaFile = {
  path: string;
  size_bytes: number | null;
  added_at: string | null;
  file_added_at: string | null;
};

/** A timestamp or date of the facts; null stays null (absent: never set or sanitised, 2.12). */
export const dateOf = (value: string | null | undefined): Date | null =>
  value ? new Date(value) : null;

/** Whether the root's TMDB metadata was ever fetched (2.13). */
export const metadataFetched = (root: RootFacts) => root.metadata_refreshed_at !== null;

/**
 * TMDB and IMDb facts are unknown for an item whose metadata was never fetched (2.13): its
 * nulls and empty lists would otherwise read as "TMDB has no value".
 */
export function rootFacts(root: RootFacts): TargetFacts {
  const tmdb = <T>(value: T) => (metadataFetched(root) ? value : UNKNOWN_FACT);
  const linked = arrServiceIds(root).length > 0;
  return {
    'library.id': root.library_ids,
    'media.title': root.title,
    'media.year': root.year,
    'media_server.collections': root.media_server_collections,
    'tmdb.genres': tmdb(root.genres),
    'tmdb.original_language': tmdb(root.original_language),
    'tmdb.origin_country': tmdb(root.origin_countries),
    'tmdb.vote_average': tmdb(root.tmdb_vote_average),
    'tmdb.vote_count': tmdb(root.tmdb_vote_count),
    'imdb.rating': tmdb(root.imdb_rating),
    // Not in any Arr: no tags to speak of, like arr.monitored (absent, 3.4 #26).
    'arr.tags': linked ? root.arr_tags : null,
  };
}

function arrServiceIds(root: RootFacts): readonly number[] {
  return root.media_type === 'movie' ? root.radarr_service_ids : root.sonarr_service_ids;
}

/** Facts of one physical file (a version or an episode file). */
export function fileFacts(
  file: MediaFile & {
    resolution: string | null;
    video_codec: string | null;
    hdr: boolean | null;
    dolby_vision: boolean | null;
    disk_id: string | null;
  },
  diskFree: DiskFree,
): TargetFacts {
  return {
    'media.path': knownPath(file.path),
    'media.size_bytes': file.size_bytes,
    'media.days_since_added': dateOf(file.added_at),
    'file.days_since_added': dateOf(file.file_added_at),
    'video.resolution': file.resolution,
    'video.codec': file.video_codec,
    'video.hdr': file.hdr,
    'video.dolby_vision': file.dolby_vision,
    'disk.free_percent': diskFreePercent(file.disk_id, diskFree),
  };
}

/**
 * Absent when no Arr holds the target (3.4 #37); unknown when its disk is missing from the
 * newest media.disk_space_changed snapshot.
 */
export const diskFreePercent = (diskId: string | null, diskFree: DiskFree) =>
  diskId === null ? null : (diskFree.get(diskId) ?? UNKNOWN_FACT);

/** Facts summed or picked over the live files of a series or season (3.4 #4, #7). */
export function aggregateFileFacts(files: readonly MediaFile[]): TargetFacts {
  // A partial sum would understate the size; one file of unknown size makes the sum unknown.
  const sizes = files.map((file) => file.size_bytes);
  const size = sizes.every((s) => s !== null) ? sizes.reduce((a, b) => a + b, 0) : UNKNOWN_FACT;
  return {
    'media.size_bytes': size,
    'file.days_since_added': newest(files.map((file) => dateOf(file.file_added_at))),
  };
}

/**
 * A file's path (3.4 #3). Facts stored before catalog sent paths have none: unknown, not absent,
 * so no path rule matches (or stops matching) on a guess until catalog publishes the item again.
 */
const knownPath = (path: string | undefined): string | UnknownFact =>
  typeof path === 'string' && path !== '' ? path : UNKNOWN_FACT;

/**
 * The series folder, `media.path` of series and season targets (3.4 #3): the common parent
 * directory of the series' live files, by whole segments. Absent without files; unknown when a
 * file's path is, or when the files share no folder (different drives).
 */
export function seriesFolder(files: readonly MediaFile[]): string | null | UnknownFact {
  if (files.length === 0) return null;
  const paths = files.map((file) => knownPath(file.path));
  if (paths.some((path) => path === UNKNOWN_FACT)) return UNKNOWN_FACT;
  return commonFolder(paths.filter((path) => path !== UNKNOWN_FACT)) ?? UNKNOWN_FACT;
}

/** The latest of the known dates; null when none is known. */
export const newest = (dates: readonly (Date | null)[]) => pick(dates, (a, b) => a > b);
/** The earliest of the known dates; null when none is known. */
export const earliest = (dates: readonly (Date | null)[]) => pick(dates, (a, b) => a < b);

function pick(dates: readonly (Date | null)[], better: (a: number, b: number) => boolean) {
  let best: Date | null = null;
  for (const date of dates) {
    if (date === null || Number.isNaN(date.getTime())) continue;
    if (best === null || better(date.getTime(), best.getTime())) best = date;
  }
  return best;
}
