/**
 * Jellyfin-shaped API over the library: system info, users, virtual folders, paged /Items per
 * library and type (StartIndex/Limit, MinDateLastSaved), per-user played items, DELETE.
 */
import { Router, type Request, type Response } from 'express';
import { SAVED_AT } from '../library/catalog';
import { JF, jfId, parseJfId } from './ids';
import { episodeDto, movieDto, seasonDto, seriesDto, SERVER_ID } from './jellyfin-dto';
import { dateOut, intParam, sendJson, window } from './respond';
import type { Sim } from './sim';

type Dto = Record<string, unknown>;

/** A list the router can page: its length and the item at a position. */
interface Listing {
  length: number;
  at: (position: number) => Dto;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function libraryIds(sim: Sim) {
  return {
    movies: jfId(sim.state.catalog.seed, JF.library, 0),
    shows: jfId(sim.state.catalog.seed, JF.library, 1),
  };
}

function fromIndices(indices: ArrayLike<number>, render: (index: number) => Dto): Listing {
  return { length: indices.length, at: (p) => render(indices[p] as number) };
}

/** Items saved since a watermark: only overrides can be that new. */
function changedSince<T extends { savedAt: number }>(
  overrides: Map<number, T>,
  since: number,
  live: (i: number) => boolean,
): number[] {
  return [...overrides]
    .filter(([i, o]) => o.savedAt >= since && live(i))
    .map(([i]) => i)
    .sort((a, b) => a - b);
}

function itemsListing(sim: Sim, query: Record<string, unknown>): Listing {
  const { state } = sim;
  const libraries = libraryIds(sim);
  const parent = text(query.ParentId);
  const type = text(query.IncludeItemTypes);
  const since = Date.parse(text(query.MinDateLastSaved));
  const incremental = Number.isFinite(since) && since > SAVED_AT;
  if (text(query.Ids) !== '') return byIds(sim, text(query.Ids).split(','));
  if (parent === libraries.movies && type === 'Movie') {
    if (incremental)
      return fromIndices(
        changedSince(state.movies, since, (i) => state.movieOnServer(i)),
        (i) => movieDto(sim, i),
      );
    return {
      length: state.serverMovies.length,
      at: (p) => movieDto(sim, state.serverMovies.at(p)),
    };
  }
  if (parent === libraries.shows && type === 'Series') {
    if (incremental)
      return fromIndices(
        changedSince(state.series, since, (s) => state.seriesOnServer(s)),
        (s) => seriesDto(sim, s),
      );
    return {
      length: state.serverSeries.length,
      at: (p) => seriesDto(sim, state.serverSeries.at(p)),
    };
  }
  if (parent === libraries.shows && type === 'Season') {
    if (incremental) return { length: 0, at: () => ({}) };
    return {
      length: state.serverSeasons.length,
      at: (p) => seasonDto(sim, state.serverSeasons.at(p)),
    };
  }
  if (parent === libraries.shows && type === 'Episode') {
    if (incremental)
      return fromIndices(
        changedSince(state.episodes, since, (e) => state.episodeOnServer(e)),
        (e) => episodeDto(sim, e),
      );
    return {
      length: state.serverEpisodes.length,
      at: (p) => episodeDto(sim, state.serverEpisodes.at(p)),
    };
  }
  return { length: 0, at: () => ({}) };
}

function byIds(sim: Sim, ids: string[]): Listing {
  const { state } = sim;
  const found: Dto[] = [];
  for (const id of ids) {
    const ref = parseJfId(state.catalog.seed, id);
    if (ref?.kind === JF.movie && ref.index < state.movieCount && state.movieOnServer(ref.index))
      found.push(movieDto(sim, ref.index));
    if (ref?.kind === JF.movieFile) {
      const owner = state.movieOfFile(ref.index);
      if (owner !== null) found.push(movieDto(sim, owner));
    }
    if (
      ref?.kind === JF.episode &&
      ref.index < state.catalog.baseEpisodes &&
      state.episodeOnServer(ref.index)
    )
      found.push(episodeDto(sim, ref.index));
  }
  return { length: found.length, at: (p) => found[p] as Dto };
}

function playedListing(sim: Sim, user: number, query: Record<string, unknown>): Listing {
  const types = text(query.IncludeItemTypes).split(',');
  const kinds = { movies: types.includes('Movie'), episodes: types.includes('Episode') };
  const render = (encoded: number) =>
    encoded >= 0
      ? movieDto(sim, encoded, sim.watch.get(user, 'movie', encoded))
      : episodeDto(sim, -encoded - 1, sim.watch.get(user, 'episode', -encoded - 1));
  if (text(query.Filters) !== 'IsPlayed') return { length: 0, at: () => ({}) }; // no favourites are generated
  const since = Date.parse(text(query.MinDateLastSavedForUser));
  if (Number.isFinite(since)) {
    const changed = sim.watch
      .changedSince(user, since)
      .filter((c) => (c.kind === 'movie' ? kinds.movies : kinds.episodes))
      .map((c) => (c.kind === 'movie' ? c.index : -c.index - 1));
    return fromIndices(changed, render);
  }
  return fromIndices(sim.watch.playedList(user, kinds), render);
}

function page(sim: Sim, req: Request, res: Response, listing: Listing): void {
  const query = req.query as Record<string, unknown>;
  const start = intParam(query.StartIndex, 0);
  const { total, from, to } = window(
    sim,
    'jellyfin',
    listing.length,
    start,
    intParam(query.Limit, listing.length),
  );
  const items: Dto[] = [];
  for (let p = from; p < to; p++) items.push(listing.at(p));
  sendJson(res, sim, 'jellyfin', { Items: items, TotalRecordCount: total, StartIndex: start });
}

export function jellyfinRoutes(sim: Sim): Router {
  const router = Router();
  const seed = sim.state.catalog.seed;
  const { options } = sim.state;
  const userIndex = (id: string) => {
    const ref = parseJfId(seed, id);
    return ref?.kind === JF.user && ref.index < options.users ? ref.index : null;
  };

  router.get('/System/Info', (_req, res) =>
    sendJson(res, sim, 'jellyfin', {
      ServerName: 'simulator',
      Version: '10.10.3',
      Id: SERVER_ID,
      OperatingSystem: 'Linux',
    }),
  );
  router.get('/Users', (_req, res) =>
    sendJson(
      res,
      sim,
      'jellyfin',
      Array.from({ length: options.users }, (_, u) => ({
        Name: `user${u}`,
        ServerId: SERVER_ID,
        Id: jfId(seed, JF.user, u),
        HasPassword: true,
        LastActivityDate: dateOut(sim, 'jellyfin', Date.UTC(2025, 0, 1) + u * 3_600_000, 'dotnet'),
        Policy: { IsAdministrator: u === 0, IsDisabled: false },
      })),
    ),
  );
  router.get('/Library/VirtualFolders', (_req, res) => {
    const ids = libraryIds(sim);
    sendJson(res, sim, 'jellyfin', [
      {
        Name: 'Movies',
        Locations: ['/media/movies'],
        CollectionType: 'movies',
        ItemId: ids.movies,
      },
      { Name: 'Shows', Locations: ['/media/tv'], CollectionType: 'tvshows', ItemId: ids.shows },
    ]);
  });
  router.get('/Items', (req, res) =>
    page(sim, req, res, itemsListing(sim, req.query as Record<string, unknown>)),
  );
  router.get('/Users/:userId/Items', (req, res) => {
    const user = userIndex(req.params.userId);
    if (user === null) return void res.status(404).send('User not found');
    page(sim, req, res, playedListing(sim, user, req.query));
  });
  router.get('/Sessions', (_req, res) =>
    sendJson(
      res,
      sim,
      'jellyfin',
      sim.sessions.map((id, i) => ({ Id: `session-${i}`, NowPlayingItem: { Id: id } })),
    ),
  );
  router.delete('/Items/:itemId', (req, res) => {
    res.status(deleteItem(sim, req.params.itemId) ? 204 : 404).end();
  });
  router.post('/Library/Media/Updated', (_req, res) => res.status(204).end());
  return router;
}

/** Deleting an item deletes its files, as Jellyfin does; returns false when there is no such item. */
function deleteItem(sim: Sim, id: string): boolean {
  const { state, mutate } = sim;
  const ref = parseJfId(state.catalog.seed, id);
  if (!ref) return false;
  switch (ref.kind) {
    case JF.movie:
      if (ref.index >= state.movieCount || !state.movieOnServer(ref.index)) return false;
      mutate.removeMovie(ref.index);
      return true;
    case JF.movieFile: {
      const movie = state.movieOfFile(ref.index);
      if (movie === null) return false;
      mutate.removeMovieFile(
        movie,
        state.movieFiles(movie).findIndex((file) => file.fileId === ref.index),
      );
      return true;
    }
    case JF.series:
      if (ref.index >= state.options.series || !state.seriesOnServer(ref.index)) return false;
      state.touchSeries(ref.index).filesDeleted = true;
      break;
    case JF.season:
      if (!state.seasonOnServer(ref.index)) return false;
      state.deletedSeasons.add(ref.index);
      break;
    case JF.episode:
      if (ref.index >= state.catalog.baseEpisodes || !state.episodeOnServer(ref.index))
        return false;
      state.touchEpisode(ref.index).file = null;
      break;
    case JF.user:
    case JF.library:
      return false;
  }
  state.changed();
  return true;
}
