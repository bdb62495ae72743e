/**
 * Plex-shaped API (JSON): identity, sections, paged `/all` by type with the container headers,
 * item details with streams, children, accounts and deletes. Rating keys encode the item.
 */
import { Router, type Request, type Response } from 'express';
import { PLEX, parsePlexKey } from './ids';
import { episodeDto, movieDto, seasonDto, showDto, type Dto } from './plex-dto';
import { intParam, sendJson, window } from './respond';
import type { Sim } from './sim';

function container(
  sim: Sim,
  req: Request,
  res: Response,
  length: number,
  render: (p: number) => Dto,
): void {
  const start = intParam(
    req.get('x-plex-container-start') ?? req.query['X-Plex-Container-Start'],
    0,
  );
  const size = intParam(
    req.get('x-plex-container-size') ?? req.query['X-Plex-Container-Size'],
    length,
  );
  const { total, from, to } = window(sim, 'plex', length, start, size);
  const items: Dto[] = [];
  for (let p = from; p < to; p++) items.push(render(p));
  sendJson(res, sim, 'plex', {
    MediaContainer: { size: items.length, totalSize: total, offset: start, Metadata: items },
  });
}

export function plexRoutes(sim: Sim): Router {
  const router = Router();
  const { state } = sim;
  router.get('/identity', (_req, res) =>
    sendJson(res, sim, 'plex', {
      MediaContainer: {
        size: 0,
        claimed: true,
        machineIdentifier: 'sim-plex-machine',
        version: '1.41.3.9314',
      },
    }),
  );
  router.get('/library/sections', (_req, res) =>
    sendJson(res, sim, 'plex', {
      MediaContainer: {
        size: 2,
        Directory: [
          {
            key: String(PLEX.movieSection),
            title: 'Movies',
            type: 'movie',
            Location: [{ id: 1, path: '/media/movies' }],
          },
          {
            key: String(PLEX.showSection),
            title: 'TV Shows',
            type: 'show',
            Location: [{ id: 2, path: '/media/tv' }],
          },
        ],
      },
    }),
  );
  router.get('/library/sections/:key/all', (req, res) => {
    const type = Number(req.query.type);
    const movies = req.params.key === String(PLEX.movieSection);
    if (movies && type === 1)
      return container(sim, req, res, state.serverMovies.length, (p) =>
        movieDto(sim, state.serverMovies.at(p)),
      );
    if (movies) return container(sim, req, res, 0, () => ({}));
    if (type === 2)
      return container(sim, req, res, state.serverSeries.length, (p) =>
        showDto(sim, state.serverSeries.at(p)),
      );
    if (type === 3)
      return container(sim, req, res, state.serverSeasons.length, (p) =>
        seasonDto(sim, state.serverSeasons.at(p)),
      );
    if (type === 4)
      return container(sim, req, res, state.serverEpisodes.length, (p) =>
        episodeDto(sim, state.serverEpisodes.at(p)),
      );
    container(sim, req, res, 0, () => ({}));
  });
  router.get('/library/metadata/:key', (req, res) => {
    const ref = parsePlexKey(req.params.key);
    const item =
      ref?.kind === PLEX.movie && ref.index < state.movieCount && state.movieOnServer(ref.index)
        ? movieDto(sim, ref.index, true)
        : ref?.kind === PLEX.episode &&
            ref.index < state.catalog.baseEpisodes &&
            state.episodeOnServer(ref.index)
          ? episodeDto(sim, ref.index, true)
          : null;
    if (!item) return void res.status(404).send('Not Found');
    sendJson(res, sim, 'plex', { MediaContainer: { size: 1, Metadata: [item] } });
  });
  router.get('/accounts', (_req, res) =>
    sendJson(res, sim, 'plex', {
      MediaContainer: {
        size: state.options.users,
        Account: Array.from({ length: state.options.users }, (_, u) => ({
          id: u + 1,
          name: `user${u}`,
        })),
      },
    }),
  );
  router.delete('/library/metadata/:key/media/:mediaId', (req, res) => {
    const ref = parsePlexKey(req.params.key);
    const mediaRef = parsePlexKey(req.params.mediaId);
    if (
      ref?.kind !== PLEX.movie ||
      mediaRef?.kind !== PLEX.movieMedia ||
      state.movieOfFile(mediaRef.index) !== ref.index
    )
      return void res.status(404).end();
    sim.mutate.removeMovieFile(
      ref.index,
      state.movieFiles(ref.index).findIndex((f) => f.fileId === mediaRef.index),
    );
    res.status(200).end();
  });
  router.delete('/library/metadata/:key', (req, res) => {
    const ref = parsePlexKey(req.params.key);
    if (
      ref?.kind === PLEX.movie &&
      ref.index < state.movieCount &&
      state.movieOnServer(ref.index)
    ) {
      sim.mutate.removeMovie(ref.index);
      return void res.status(200).end();
    }
    if (
      ref?.kind === PLEX.episode &&
      ref.index < state.catalog.baseEpisodes &&
      state.episodeOnServer(ref.index)
    ) {
      state.touchEpisode(ref.index).file = null;
      state.changed();
      return void res.status(200).end();
    }
    res.status(404).end();
  });
  return router;
}
