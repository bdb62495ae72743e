/**
 * Overseerr/Jellyseerr API v1 shapes: status, the key's user, paged requests and users
 * (take/skip with pageInfo), media deletion. Users are the media server's users.
 */
import { Router } from 'express';
import type { SimRequest } from '../library/requests';
import { JF, jfId } from './ids';
import { dateOut, intParam, sendJson, window } from './respond';
import type { Sim } from './sim';

type Dto = Record<string, unknown>;

function userDto(sim: Sim, user: number): Dto {
  const created = dateOut(sim, 'seerr', Date.UTC(2023, 0, 1 + user), 'iso');
  return {
    permissions: user === 0 ? 2 : 32,
    id: user + 1,
    email: `user${user}@example.com`,
    plexUsername: null,
    jellyfinUsername: `user${user}`,
    username: null,
    userType: 3,
    plexId: null,
    jellyfinUserId: jfId(sim.state.catalog.seed, JF.user, user),
    createdAt: created,
    updatedAt: created,
    requestCount: 0,
    displayName: `User ${user}`,
  };
}

function requestDto(sim: Sim, request: SimRequest): Dto {
  const created = dateOut(sim, 'seerr', request.createdAt, 'iso');
  return {
    id: request.id,
    status: request.status,
    createdAt: created,
    updatedAt: created,
    type: request.mediaType,
    is4k: false,
    media: {
      downloadStatus: [],
      id: request.mediaId,
      mediaType: request.mediaType,
      tmdbId: request.tmdbId,
      tvdbId: request.tvdbId,
      status: request.status === 5 ? 5 : 3,
      createdAt: created,
      updatedAt: created,
    },
    seasons: request.seasons.map((seasonNumber, i) => ({
      id: request.id * 100 + i,
      seasonNumber,
      status: 2,
    })),
    modifiedBy: userDto(sim, 0),
    requestedBy: userDto(sim, request.user),
    seasonCount: request.seasons.length,
  };
}

function paged(
  sim: Sim,
  query: Record<string, unknown>,
  length: number,
  render: (p: number) => Dto,
): Dto {
  const take = Math.max(1, intParam(query.take, 10));
  const skip = intParam(query.skip, 0);
  const { total, from, to } = window(sim, 'seerr', length, skip, take);
  const results: Dto[] = [];
  for (let p = from; p < to; p++) results.push(render(p));
  return {
    pageInfo: {
      pages: Math.ceil(total / take),
      pageSize: take,
      results: total,
      page: Math.floor(skip / take) + 1,
    },
    results,
  };
}

export function seerrRoutes(sim: Sim): Router {
  const router = Router();
  router.get('/api/v1/status', (_req, res) =>
    sendJson(res, sim, 'seerr', {
      version: '2.5.2',
      commitTag: 'v2.5.2',
      updateAvailable: false,
      commitsBehind: 0,
    }),
  );
  router.get('/api/v1/auth/me', (_req, res) => sendJson(res, sim, 'seerr', userDto(sim, 0)));
  router.get('/api/v1/request', (req, res) => {
    const query = req.query as Record<string, unknown>;
    sendJson(
      res,
      sim,
      'seerr',
      paged(sim, query, sim.requests.length, (p) => requestDto(sim, sim.requests.at(p))),
    );
  });
  router.get('/api/v1/user', (req, res) => {
    const query = req.query as Record<string, unknown>;
    sendJson(
      res,
      sim,
      'seerr',
      paged(sim, query, sim.state.options.users, (p) => userDto(sim, p)),
    );
  });
  router.delete('/api/v1/media/:id', (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id < 1 || id > sim.requests.length)
      return void res.status(404).json({ message: 'Media not found' });
    res.status(204).end();
  });
  return router;
}
