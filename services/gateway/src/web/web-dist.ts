import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** index.html for one path as each kind of request gets it. */
export interface WebPage {
  /** No session cookie: only the setup status is preloaded (the app will show login). */
  anonymous: string;
  /** A session cookie: the session, the screen's code and its first reads. */
  signedIn: string;
  /** A session cookie and a query string (page 3, a filter): not the default first reads. */
  signedInWithQuery: string;
}

/** The built UI's pages, ready to serve: the first-load paths' own, and every other path's. */
export interface WebPages {
  byPath: ReadonlyMap<string, WebPage>;
  other: WebPage;
}

/** The built UI (and the first-load entries it dropped), or why there is none. */
export type WebDist = { pages: WebPages; dropped: string[] } | { missing: string };

/** One entry of dist/first-load.json (packages/web/src/app/first-load.ts, decision 030). */
interface FirstLoad {
  modules: string[];
  styles: string[];
  reads: string[];
}

// What the build writes: hashed asset names, and API paths with a plain query. Anything else in
// the file is dropped rather than written into the page.
const ASSET = /^assets\/[\w-]+(?:\.[\w-]+)+$/;
const READ = /^api\/[\w/-]+(?:\?[\w=&.-]*)?$/;

/** The setup status: every start of the app asks for it first (packages/web/src/main.tsx). */
const ALWAYS_READ = 'api/setup/status';
/** The session, for a browser that sent a session cookie. */
const SESSION_READ = 'api/auth/me';

/**
 * Reads index.html and first-load.json once, at start. `vite build` runs with base './', so
 * every URL in the page is relative: a <base href> naming the public base path, first thing in
 * <head> (a base element applies only to the URLs after it), makes them (and the UI's own
 * router and API calls, which read document.baseURI) resolve the same on any deep link.
 * PUBLIC_BASE_PATH's pattern leaves nothing to escape.
 */
export function loadWebDist(dir: string, basePath: string): WebDist {
  let html: string;
  try {
    html = readFileSync(join(dir, 'index.html'), 'utf8');
  } catch {
    return { missing: `${join(dir, 'index.html')} cannot be read` };
  }
  const head = /<head(\s[^>]*)?>/i.exec(html);
  const headEnd = html.toLowerCase().lastIndexOf('</head>');
  if (!head || headEnd < head.index) return { missing: 'index.html has no <head>' };
  const at = head.index + head[0].length;
  // The preloads go last in <head>: a browser opens six connections to one origin, and the
  // app's own entry script, first in the page, must not wait behind them.
  const withHead = (extra: string[]) =>
    [
      html.slice(0, at),
      `\n    <base href="${basePath}/">`,
      html.slice(at, headEnd),
      ...extra.map((line) => `  ${line}\n  `),
      html.slice(headEnd),
    ].join('');
  // Signed out, every path is shown the login page: one page for all of them.
  const anonymous = withHead([fetchPreload(ALWAYS_READ)]);
  const page = (load: FirstLoad | undefined): WebPage => ({
    anonymous,
    signedIn: withHead(sessionPreloads(load)),
    signedInWithQuery: withHead(sessionPreloads(load && { ...load, reads: [] })),
  });
  const { entries, dropped } = readFirstLoad(dir);
  const byPath = new Map(
    Object.entries(entries).map(([path, load]) => [path, page(load)] as const),
  );
  return { pages: { byPath, other: page(undefined) }, dropped };
}

/**
 * The links that let a browser that sent a session cookie fetch the session, a path's screen
 * and its first reads while the app's own code loads (decision 030), with a <meta> telling the
 * app that it did. One without the cookie is shown the login page, which needs none of them; an
 * expired session costs the one 401 the app's own request would have met.
 */
function sessionPreloads(load: FirstLoad | undefined): string[] {
  const reads = [ALWAYS_READ, SESSION_READ, ...(load?.reads ?? [])];
  return [
    '<meta name="mcs-session" content="1">',
    ...reads.map(fetchPreload),
    ...(load?.modules ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...(load?.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ];
}

const fetchPreload = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin href="${href.replaceAll('&', '&amp;')}">`;

/**
 * dist/first-load.json, each entry kept only if it says what the build writes, and the paths of
 * those dropped (the gateway logs them: a preload lost this way is otherwise silent).
 */
function readFirstLoad(dir: string): { entries: Record<string, FirstLoad>; dropped: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dir, 'first-load.json'), 'utf8'));
  } catch {
    return { entries: {}, dropped: ['first-load.json'] };
  }
  if (typeof parsed !== 'object' || parsed === null)
    return { entries: {}, dropped: ['first-load.json'] };
  const list = (value: unknown, pattern: RegExp) =>
    Array.isArray(value) && value.every((item) => typeof item === 'string' && pattern.test(item))
      ? (value as string[])
      : undefined;
  const entries: [string, FirstLoad][] = [];
  const dropped: string[] = [];
  for (const [path, value] of Object.entries(parsed)) {
    const entry = (value ?? {}) as Record<string, unknown>;
    const modules = list(entry.modules, ASSET);
    const styles = list(entry.styles, ASSET);
    const reads = list(entry.reads, READ);
    if (path.startsWith('/') && modules && styles && reads)
      entries.push([path, { modules, styles, reads }]);
    else dropped.push(path);
  }
  return { entries: Object.fromEntries(entries), dropped };
}
