import { startSimulator, type Simulator } from '../../../../infra/simulator/src';
import type { ServerEpisode, ServerMovie } from '../../src/integrations/records';
import { clientsFor, collect, type Clients } from './clients';

function byId<T extends { externalId: string }>(items: T[]): Map<string, T> {
  return new Map(items.map((item) => [item.externalId, item]));
}

function fileKey(item: ServerMovie | ServerEpisode): string {
  return JSON.stringify(item.files.map((f) => [f.path, f.sizeBytes]));
}

describe('mutations between syncs', () => {
  let sim: Simulator;
  let clients: Clients;
  const ids = () => sim.library.jellyfinLibraryIds;
  beforeEach(async () => {
    sim = await startSimulator({
      movies: 2000,
      series: 10,
      seasonsPerSeries: 4,
      episodesPerSeason: 25,
      users: 3,
    });
    clients = clientsFor(sim);
  });
  afterEach(async () => {
    clients.close();
    await sim.close();
  });

  test('a 1% change touches about 1% of the movies and episodes, and an incremental read finds them', async () => {
    const since = new Date();
    const movies = byId(await collect(clients.jellyfin.movies(ids().movies)));
    const episodes = byId(await collect(clients.jellyfin.episodes(ids().shows)));
    const summary = sim.mutate.changePercent(1);
    const moviesAfter = await collect(clients.jellyfin.movies(ids().movies));
    const episodesAfter = await collect(clients.jellyfin.episodes(ids().shows));
    const changedMovies = moviesAfter.filter(
      (m) => fileKey(m) !== fileKey(movies.get(m.externalId) as ServerMovie),
    );
    const changedEpisodes = episodesAfter.filter(
      (e) => fileKey(e) !== fileKey(episodes.get(e.externalId) as ServerEpisode),
    );

    expect(summary.renamed + summary.replaced + summary.played).toBe(
      20 + Math.round(episodes.size / 100),
    );
    expect(changedMovies.length + changedEpisodes.length).toBe(
      summary.movies.length + summary.episodes.length,
    );
    expect(changedMovies.length / movies.size).toBeGreaterThan(0.003);
    expect(changedMovies.length / movies.size).toBeLessThanOrEqual(0.01);

    const incremental = await collect(clients.jellyfin.movies(ids().movies, { since }));
    expect(incremental.map((m) => m.externalId).sort()).toEqual(
      changedMovies.map((m) => m.externalId).sort(),
    );
    const users = await clients.jellyfin.users();
    const newlyPlayed = await Promise.all(
      users.map((u) => collect(clients.jellyfin.watchStates(u.externalId, { since }))),
    );
    expect(newlyPlayed.flat()).toHaveLength(summary.played);
  });

  test('the same seed mutates the same items', async () => {
    const other = await startSimulator({
      movies: 2000,
      series: 10,
      seasonsPerSeries: 4,
      episodesPerSeason: 25,
      users: 3,
    });
    expect(other.mutate.changePercent(1)).toEqual(sim.mutate.changePercent(1));
    await other.close();
  });

  test('a rename keeps size and duration; a replacement is a new file with a new Radarr id', async () => {
    const before = sim.library.movie(10);
    sim.mutate.renameMovieFile(10);
    const renamed = sim.library.movie(10);
    expect(renamed.paths[0]).not.toBe(before.paths[0]);
    expect(renamed.fileIds).toEqual(before.fileIds);
    const movies = byId(await collect(clients.jellyfin.movies(ids().movies)));
    const file = movies.get(before.jellyfinId)?.files[0];
    expect(file?.fileName).toBe(`${before.title} (${before.year}) - renamed.mkv`);

    const replaced = sim.mutate.replaceMovieFile(10);
    expect(replaced.fileId).not.toBe(before.fileIds[0]);
    const after = byId(await collect(clients.jellyfin.movies(ids().movies))).get(before.jellyfinId)
      ?.files[0];
    expect(after?.durationMs).toBe(file?.durationMs);
    expect(after?.sizeBytes).not.toBe(file?.sizeBytes);
  });

  test('played state, added and removed movies and new requests show up', async () => {
    const users = await clients.jellyfin.users();
    const user = users[2]?.externalId ?? '';
    const since = new Date();
    sim.mutate.setPlayed(2, { movie: 1 }, true);
    const played = await collect(clients.jellyfin.watchStates(user, { since }));
    expect(played).toEqual([
      expect.objectContaining({ itemExternalId: sim.library.movie(1).jellyfinId, completed: true }),
    ]);

    const added = sim.mutate.addMovie();
    sim.mutate.removeMovie(0);
    const movies = await collect(clients.jellyfin.movies(ids().movies));
    expect(movies.map((m) => m.providerIds.tmdb)).toContain(sim.library.movie(added).tmdbId);
    expect(movies.map((m) => m.providerIds.tmdb)).not.toContain(sim.library.movie(0).tmdbId);

    const request = sim.mutate.addRequest({ movie: added, user: 1 });
    const requests = await collect(clients.seerr.requests());
    expect(requests.at(-1)).toMatchObject({
      externalId: request.id,
      tmdbId: sim.library.movie(added).tmdbId,
      status: 'pending',
    });
  });

  test('mutations can be requested over HTTP', async () => {
    const response = await fetch(`${sim.url}/__sim/mutate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ op: 'changePercent', percent: 1 }),
    });
    const summary = (await response.json()) as {
      renamed: number;
      replaced: number;
      played: number;
    };
    expect(summary.renamed + summary.replaced + summary.played).toBeGreaterThan(0);
    const bad = await fetch(`${sim.url}/__sim/mutate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"op":"explode"}',
    });
    expect(bad.status).toBe(400);
  });
});
