/** Assembles one HTTP app serving every system under its own prefix, plus `/__sim`. */
import express, { type ErrorRequestHandler, type Router } from 'express';
import type { SimSystem } from '../options';
import { adminRoutes } from './admin-routes';
import { jellyfinRoutes } from './jellyfin-routes';
import { faultGate, recordWrites, requireKey } from './middleware';
import { plexRoutes } from './plex-routes';
import { radarrRoutes } from './radarr-routes';
import { seerrRoutes } from './seerr-routes';
import type { Sim } from './sim';
import { sonarrRoutes } from './sonarr-routes';

const ROUTES: Record<SimSystem, (sim: Sim) => Router> = {
  jellyfin: jellyfinRoutes,
  plex: plexRoutes,
  radarr: radarrRoutes,
  sonarr: sonarrRoutes,
  seerr: seerrRoutes,
};

export function createApp(sim: Sim): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const json = express.json({ limit: '10mb' });
  app.use('/__sim', json, adminRoutes(sim));
  for (const [system, routes] of Object.entries(ROUTES) as [SimSystem, (sim: Sim) => Router][]) {
    app.use(
      `/${system}`,
      faultGate(sim, system),
      requireKey(sim, system),
      json,
      recordWrites(sim, system),
      routes(sim),
    );
  }
  app.use((_req, res) => {
    res.status(404).json({ message: 'Not Found' });
  });
  const errors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
    if (res.headersSent) return void res.destroy();
    res.status(500).json({ message: error instanceof Error ? error.message : 'error' });
  };
  app.use(errors);
  return app;
}
