/**
 * `/__sim/*`: the simulator's own controls over HTTP (no API key), for the demo, benchmarks and
 * tests in other processes. The same operations are available programmatically.
 */
import { Router, type Request, type Response } from 'express';
import { NO_FAULTS, type FaultSettings } from '../faults';
import { SIM_SYSTEMS, type SimSystem } from '../options';
import type { Sim } from './sim';

type Body = Record<string, unknown>;

function systemsOf(value: unknown): SimSystem[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  const systems = list.filter((s): s is SimSystem => SIM_SYSTEMS.includes(s as SimSystem));
  if (systems.length !== list.length)
    throw new Error(`systems must be among ${SIM_SYSTEMS.join(', ')}`);
  return systems;
}

/** Keeps only known fault fields whose type matches the default's. */
function faultFields(body: Body): Partial<FaultSettings> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'systems') continue;
    if (!(key in NO_FAULTS)) throw new Error(`unknown fault ${key}`);
    const expected =
      key === 'emptyPagesFrom'
        ? ['number', 'object']
        : [typeof NO_FAULTS[key as keyof FaultSettings]];
    if (!expected.includes(typeof value)) throw new Error(`${key} has the wrong type`);
    out[key] = value;
  }
  return out;
}

function num(body: Body, key: string, fallback?: number): number {
  const value = body[key] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new Error(`${key} must be an integer`);
  return value;
}

/** One mutation, named as the programmatic API names it. */
function mutate(sim: Sim, body: Body): unknown {
  const m = sim.mutate;
  switch (body.op) {
    case 'changePercent':
      return m.changePercent(typeof body.percent === 'number' ? body.percent : 1);
    case 'addMovie':
      return { movie: m.addMovie() };
    case 'removeMovie':
      return m.removeMovie(num(body, 'movie'));
    case 'renameMovieFile':
      return m.renameMovieFile(num(body, 'movie'), num(body, 'file', 0));
    case 'replaceMovieFile':
      return m.replaceMovieFile(num(body, 'movie'), num(body, 'file', 0));
    case 'addMovieFile':
      return m.addMovieFile(num(body, 'movie'));
    case 'removeMovieFile':
      return m.removeMovieFile(num(body, 'movie'), num(body, 'file', 0));
    case 'setPlayed': {
      const target =
        body.episode === undefined
          ? { movie: num(body, 'movie') }
          : { episode: num(body, 'episode') };
      return m.setPlayed(num(body, 'user', 0), target, body.played !== false);
    }
    case 'addRequest':
      return m.addRequest(
        body.movie === undefined
          ? { series: num(body, 'series'), user: num(body, 'user', 0) }
          : { movie: num(body, 'movie'), user: num(body, 'user', 0) },
      );
    default:
      throw new Error(
        'op must be one of changePercent, addMovie, removeMovie, renameMovieFile, replaceMovieFile, addMovieFile, removeMovieFile, setPlayed, addRequest',
      );
  }
}

function handle(work: (req: Request) => unknown) {
  return (req: Request, res: Response) => {
    try {
      res.json(work(req) ?? { ok: true });
    } catch (error) {
      res.status(400).json({ message: error instanceof Error ? error.message : String(error) });
    }
  };
}

export function adminRoutes(sim: Sim): Router {
  const router = Router();
  const { state } = sim;
  router.get(
    '/info',
    handle(() => ({
      options: state.options,
      counts: {
        serverMovies: state.serverMovies.length,
        radarrMovies: state.radarrMovies.length,
        series: state.serverSeries.length,
        seasons: state.serverSeasons.length,
        episodes: state.serverEpisodes.length,
        requests: sim.requests.length,
      },
    })),
  );
  router.get(
    '/faults',
    handle(() => sim.faults.snapshot()),
  );
  router.post(
    '/faults',
    handle((req) =>
      sim.faults.set(
        faultFields((req.body ?? {}) as Body),
        systemsOf((req.body as Body | undefined)?.systems),
      ),
    ),
  );
  router.delete(
    '/faults',
    handle(() => sim.faults.reset()),
  );
  router.get(
    '/deletions',
    handle((req) => sim.recorder.list(systemsOf(req.query.system)?.[0])),
  );
  router.get(
    '/writes',
    handle((req) => sim.recorder.writes(systemsOf(req.query.system)?.[0])),
  );
  router.delete(
    '/deletions',
    handle(() => sim.recorder.clear()),
  );
  router.post(
    '/mutate',
    handle((req) => mutate(sim, (req.body ?? {}) as Body)),
  );
  return router;
}
