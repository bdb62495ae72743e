import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built UI's index.html, ready to serve, or why there is none. */
export type WebDist = { index: string } | { missing: string };

/**
 * Reads index.html once, at start. `vite build` runs with base './', so every asset URL in
 * it is relative: a <base href> naming the public base path makes them (and the UI's own
 * router and API calls, which read document.baseURI) resolve the same on any deep link.
 */
export function loadWebDist(dir: string, basePath: string): WebDist {
  let html: string;
  try {
    html = readFileSync(join(dir, 'index.html'), 'utf8');
  } catch {
    return { missing: `${join(dir, 'index.html')} cannot be read` };
  }
  const index = withBaseHref(html, basePath);
  return index === undefined ? { missing: 'index.html has no <head>' } : { index };
}

/**
 * Inserts `<base href="{basePath}/">` first thing in <head>: a base element applies only to
 * the URLs that come after it. PUBLIC_BASE_PATH's pattern leaves nothing to escape.
 */
export function withBaseHref(html: string, basePath: string): string | undefined {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return undefined;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    <base href="${basePath}/">${html.slice(at)}`;
}
