import { basePath } from '../../api/client';

/**
 * A notice's link as a router path when it points into this app ("/candidates?…", or a full
 * URL of this origin), else null: those open as ordinary external links.
 */
export function internalPath(link: string): string | null {
  if (link.startsWith('/') && !link.startsWith('//')) return stripBase(link);
  try {
    const url = new URL(link);
    if (url.origin !== window.location.origin) return null;
    return stripBase(`${url.pathname}${url.search}${url.hash}`);
  } catch {
    return null;
  }
}

function stripBase(path: string): string {
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`)))
    return path.slice(basePath.length) || '/';
  return path;
}
