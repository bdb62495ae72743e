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
