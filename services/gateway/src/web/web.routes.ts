import { join } from 'node:path';
import type { Logger } from '@mcs/kit';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { sessionCookieOf } from '../sessions/session-cookie';
import { isClientRoute } from './ui-paths';
import { loadWebDist } from './web-dist';

/**
 * The UI is served from this origin only (no CDN) and its bundle carries no inline code, so
 * everything is 'self'. data: images are the favicon placeholder of index.html.
 */
export const WEB_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; " +
  "form-action 'self'; frame-ancestors 'none'";

/** Asset names carry their content hash: a new build never reuses a URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const NOT_BUILT = 'the web UI is not built: run pnpm build\n';

/** `/candidates/` is the router's `/candidates` (a loop, not a regex: the path is the client's). */
function withoutTrailingSlash(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end);
}

export interface WebRoutesDeps {
  /** packages/web/dist: index.html and assets/ (WEB_DIST_DIR). */
  distDir: string;
  /** PUBLIC_BASE_PATH, '' at the root. */
  basePath: string;
  log: Logger;
}

/**
 * The web UI at `/`: its hashed assets under /assets, and index.html for every other GET or
 * HEAD that may be a client-side route (/candidates, /settings/tokens), so deep links load.
 * Mounted after the API, ops and docs routes; their unknown paths stay problem+json 404s.
 */
export function webRoutes({ distDir, basePath, log }: WebRoutesDeps): Router {
  const router = express.Router();
  const dist = loadWebDist(distDir, basePath);
  if ('missing' in dist) log.warn({ distDir, reason: dist.missing }, NOT_BUILT.trim());
  else if (dist.dropped.length > 0)
    log.warn(
      { distDir, dropped: dist.dropped },
      'first-load.json: entries not written as the build writes them are not preloaded',
    );

  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      // The kit set no-store on every response; only a file actually served replaces it.
      cacheControl: false,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
    }),
  );
  router.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isClientRoute(req.path)) {
      next();
      return;
    }
    if ('missing' in dist) {
      res.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
      return;
    }
    // Revalidated on every load (its ETag makes that a 304): it names the current assets, and
    // what it preloads depends on the path and on whether a session cookie came with it.
    const page = dist.pages.byPath.get(withoutTrailingSlash(req.path)) ?? dist.pages.other;
    const variant = !sessionCookieOf(req)
      ? page.anonymous
      : Object.keys(req.query).length > 0
        ? page.signedInWithQuery
        : page.signedIn;
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Cookie');
    res.setHeader('Content-Security-Policy', WEB_CSP);
    res.type('text/html; charset=utf-8').send(variant);
  });
  return router;
}
