/**
 * Path prefixes (domain.md 3.3): separators normalised to `/`, a trailing `/` removed, matched
 * on whole segments and case-sensitively, so `/media/movies` covers `/media/movies/A.mkv` but
 * not `/media/movies-4k/A.mkv`. Shared: cleanup's rules match paths with them, catalog's path
 * routes count the files under them.
 */

/** Backslashes become `/`; trailing separators go, except the one of a bare root (`/`). */
export function normalizePath(path: string): string {
  const slashed = path.replaceAll('\\', '/');
  const trimmed = slashed.replace(/\/+$/, '');
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
 * or when they share no folder (two drives).
 */
export function commonFolder(paths: readonly string[]): string | undefined {
  let common: string[] | undefined;
  for (const path of paths) {
    const parent = normalizePath(path).split('/').slice(0, -1);
    common = common === undefined ? parent : sharedStart(common, parent);
  }
  if (common === undefined || common.length === 0) return undefined;
  // ['', 'media'] is '/media'; [''] alone is the root.
  return common.length === 1 && common[0] === '' ? '/' : common.join('/');
}

function sharedStart(a: readonly string[], b: readonly string[]): string[] {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return a.slice(0, n);
}
