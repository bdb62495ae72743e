/**
 * The pure parts of a move (domain.md 6.6, 6.6.1): the path catalog reaches for a path a
 * service reported, where the file goes, which files travel with it, and which folders it may
 * leave empty. No filesystem access here: the move itself is operations/file-move.ts.
 */
import { posix } from 'node:path';

export interface PathMapping {
  service_config_id?: number | null;
  remote_prefix: string;
  local_prefix: string;
}

export type MovedMediaType = 'movie' | 'series';

/**
 * The local path of `path` as service `serviceId` reported it: the longest `remote_prefix`
 * (on whole segments) among the mappings of that service or of all services is replaced by its
 * `local_prefix`. Null when none matches, or when the result would leave the local prefix
 * (a `..` segment in the reported path).
 */
export function mapPath(
  path: string,
  serviceId: number | null,
  mappings: readonly PathMapping[],
): string | null {
  const reported = slashes(path);
  let best: { remote: string; local: string } | null = null;
  for (const mapping of mappings) {
    const owner = mapping.service_config_id ?? null;
    if (owner !== null && owner !== serviceId) continue;
    const remote = trimSlash(slashes(mapping.remote_prefix));
    if (!underPrefix(reported, remote)) continue;
    if (!best || remote.length > best.remote.length)
      best = { remote, local: trimSlash(mapping.local_prefix) };
  }
  if (!best) return null;
  const rest = reported.slice(best.remote.length);
  const local = trimSlash(posix.normalize(`${best.local}/${rest}`));
  return underPrefix(local, best.local) && local !== best.local ? local : null;
}

/**
 * Where a file goes: the destination root + the item's folder (+ its season folder) + the
 * file name. The item folder is the one holding the file (a movie) or, for an episode, the
 * one above its season folder when it has one. Null when the file has no item folder (it lies
 * at the root of the filesystem).
 */
export function moveDestination(
  localSource: string,
  mediaType: MovedMediaType,
  root: string,
): string | null {
  const folders = itemFolders(localSource, mediaType);
  if (!folders) return null;
  const names = folders.map((folder) => posix.basename(folder)).reverse();
  return posix.join(trimSlash(root), ...names, posix.basename(localSource));
}

/**
 * The source folders a move may leave empty, deepest first: the movie's folder, or the season
 * folder and then the series folder. Nothing above the item's own folder is ever removed.
 */
export function itemFolders(localSource: string, mediaType: MovedMediaType): string[] | null {
  const parent = posix.dirname(localSource);
  if (parent === '/' || parent === '.') return null;
  if (mediaType === 'movie' || !isSeasonFolder(posix.basename(parent))) return [parent];
  const series = posix.dirname(parent);
  return series === '/' ? null : [parent, series];
}

/** "Season 01", "Season 1", "S01", "Specials" (and a few languages' words for season). */
export function isSeasonFolder(name: string): boolean {
  return /^(season|staffel|saison|temporada|stagione|seizoen)[\s._-]*\d+$|^s\d{1,4}$|^specials?$/i.test(
    name.trim(),
  );
}

const VIDEO = /\.(mkv|mp4|m4v|avi|mov|wmv|ts|m2ts|mpg|mpeg|webm|flv|iso|vob)$/i;

/**
 * A sidecar of a media file (subtitles, .nfo, artwork) lies in the same folder and its name
 * starts with the media file's base name followed by `.` or `-` ("Movie (2020).en.srt",
 * "Movie (2020)-poster.jpg"). Another video file never is one: in a folder holding two
 * versions ("Movie (2020).mkv", "Movie (2020) - 4K.mkv") each moves on its own.
 */
export function isSidecarOf(mediaFileName: string, name: string): boolean {
  if (name === mediaFileName || VIDEO.test(name)) return false;
  const dot = mediaFileName.lastIndexOf('.');
  const base = dot > 0 ? mediaFileName.slice(0, dot) : mediaFileName;
  return name.startsWith(base) && ['.', '-'].includes(name.charAt(base.length));
}

function slashes(path: string): string {
  return path.replace(/\\/g, '/');
}

function trimSlash(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end);
}

function underPrefix(path: string, prefix: string): boolean {
  if (prefix === '/') return path.startsWith('/');
  return path === prefix || path.startsWith(`${prefix}/`);
}
