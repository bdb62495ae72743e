/**
 * Path prefixes (domain.md 3.3): separators normalised to `/`, a trailing `/` removed, matched
 * on whole segments and case-sensitively, so `/media/movies` covers `/media/movies/A.mkv` but
 * not `/media/movies-4k/A.mkv`. Shared: cleanup's rules match paths with them, catalog's path
 * routes count the files under them.
 */

/** Backslashes become `/`; trailing separators go, except the one of a bare root (`/`). */
export function normalizePath(path: string): string {
  const slashed = path.replaceAll('\\', '/');
  // A loop, not /\/+$/: paths come from media servers, and that regex is quadratic in a run of
  // separators followed by anything else.
  let end = slashed.length;
  while (end > 0 && slashed[end - 1] === '/') end -= 1;
  const trimmed = slashed.slice(0, end);
  return trimmed === '' && slashed.startsWith('/') ? '/' : trimmed;
}

/**
 * Absolute = rooted after normalisation: POSIX `/…`, UNC `//server/…`, or a Windows drive
 * `C:/…` (media servers on Windows report such paths).
 */
export function isAbsolutePath(path: string): boolean {
  const normalized = path.replaceAll('\\', '/');
  return normalized.startsWith('/') || /^[A-Za-z]:\//.test(normalized);
}

export function isUnderPrefix(path: string, prefix: string): boolean {
  const target = normalizePath(path);
  const root = normalizePath(prefix);
  if (target === root) return true;
  return target.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/**
 * The deepest folder holding every one of `paths` (files), by whole segments after
 * normalising: `/tv/A/S1/e1.mkv` and `/tv/A/S2/e1.mkv` share `/tv/A`. Undefined for no paths
 * or when they share no folder (two drives). Compares strings in place: a scan calls it for
 * every series with hundreds of files, where splitting each path cost more than the rest.
 */
export function commonFolder(paths: readonly string[]): string | undefined {
  let common: string | undefined;
  for (const path of paths) {
    const normal = normalizePath(path);
    // The parent with its trailing separator, so that prefixes end on whole segments.
    const parent = normal.slice(0, normal.lastIndexOf('/') + 1);
    if (common === undefined) {
      common = parent;
      continue;
    }
    const max = Math.min(common.length, parent.length);
    let n = 0;
    while (n < max && common.charCodeAt(n) === parent.charCodeAt(n)) n += 1;
    common = n === 0 ? '' : common.slice(0, common.lastIndexOf('/', n - 1) + 1);
  }
  if (!common) return undefined;
  return common === '/' ? '/' : common.slice(0, -1);
}
