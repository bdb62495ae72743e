/** Per-system request pipeline: faults first, then the API key, then write recording. */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { SimSystem } from '../options';
import type { Sim } from './sim';

/** Latency, injected errors and requests that are never answered (§ fault knobs). */
export function faultGate(sim: Sim, system: SimSystem): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const latency = sim.faults.of(system).latencyMs;
    const act = () => {
      const action = sim.faults.next(system);
      switch (action.kind) {
        case 'hang':
          return; // the socket stays open until the client gives up or the simulator closes
        case 'error':
          res.status(action.status).json({ message: 'Simulated failure' });
          return;
        case 'none':
          next();
          return;
      }
    };
    if (latency > 0) setTimeout(act, latency);
    else act();
  };
}

function tokenOf(system: SimSystem, req: Request): string | undefined {
  const query = req.query as Record<string, unknown>;
  const fromQuery = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
  switch (system) {
    case 'jellyfin': {
      const header = req.get('authorization') ?? req.get('x-emby-authorization') ?? '';
      const token = /Token="([^"]*)"/.exec(header)?.[1];
      return (
        token ??
        req.get('x-emby-token') ??
        req.get('x-mediabrowser-token') ??
        fromQuery('api_key') ??
        fromQuery('ApiKey')
      );
    }
    case 'plex':
      return req.get('x-plex-token') ?? fromQuery('X-Plex-Token');
    case 'radarr':
    case 'sonarr':
      return req.get('x-api-key') ?? fromQuery('apikey');
    case 'seerr':
      return req.get('x-api-key');
  }
}

/** A missing or wrong key gets 401, as every one of the real APIs answers. */
export function requireKey(sim: Sim, system: SimSystem): RequestHandler {
  return (req, res, next) => {
    if (tokenOf(system, req) === sim.state.options.apiKeys[system]) {
      next();
      return;
    }
    if (system === 'jellyfin' || system === 'plex') res.status(401).send('Unauthorized');
    else res.status(401).json({ message: 'Unauthorized' });
  };
}

/** Records writes once answered, with the status they got. */
export function recordWrites(sim: Sim, system: SimSystem): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.on('finish', () => {
        sim.recorder.record({
          system,
          method: req.method,
          path: req.path,
          query: Object.fromEntries(
            Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          ),
          body: req.body as unknown,
          status: res.statusCode,
        });
      });
    }
    next();
  };
}
