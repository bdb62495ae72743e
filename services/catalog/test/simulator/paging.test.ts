import { startSimulator, type Simulator } from '../../../../infra/simulator/src';
import { JellyfinClient } from '../../src/integrations/jellyfin';
import { clientsFor, collect, type Clients } from './clients';

function unique<T>(items: T[], key: (item: T) => string): number {
  return new Set(items.map(key)).size;
}

describe('paging covers every item exactly once', () => {
  let sim: Simulator;
  let clients: Clients;
  beforeAll(async () => {
    sim = await startSimulator({
      movies: 523,
      series: 7,
      seasonsPerSeries: 3,
      episodesPerSeason: 9,
      users: 2,
    });
    clients = clientsFor(sim);
  });
  afterAll(async () => {
    clients.close();
    await sim.close();
  });

  test('Jellyfin movies, series, seasons and episodes in pages of 200', async () => {
    const ids = sim.library.jellyfinLibraryIds;
    const counts = sim.library.counts();
    const movies = await collect(clients.jellyfin.movies(ids.movies));
    const episodes = await collect(clients.jellyfin.episodes(ids.shows));
    const seasons = await collect(clients.jellyfin.seasons(ids.shows));
    const series = await collect(clients.jellyfin.series(ids.shows));
    expect([movies.length, unique(movies, (m) => m.externalId)]).toEqual([523, 523]);
    expect([episodes.length, unique(episodes, (e) => e.externalId)]).toEqual([
      counts.serverEpisodes,
      counts.serverEpisodes,
    ]);
    expect(counts.serverEpisodes).toBeLessThanOrEqual(7 * 3 * 9);
    expect([seasons.length, series.length]).toEqual([21, 7]);
  });

  test('odd page sizes line up with the totals as well', async () => {
    const odd = new JellyfinClient({
      baseUrl: sim.urls.jellyfin,
      apiKey: sim.apiKeys.jellyfin,
      pageSize: 37,
    });
    const movies = await collect(odd.movies(sim.library.jellyfinLibraryIds.movies));
    odd.close();
    expect(unique(movies, (m) => m.externalId)).toBe(523);
  });

  test('played items per user, Plex sections and Seerr requests page completely', async () => {
    const users = await clients.jellyfin.users();
    const played = await collect(clients.jellyfin.watchStates(users[1]?.externalId ?? ''));
    expect(played.length).toBeGreaterThan(50);
    expect(unique(played, (w) => w.itemExternalId)).toBe(played.length);
    const plexMovies = await collect(clients.plex.movies('1'));
    expect(unique(plexMovies, (m) => m.externalId)).toBe(523);
    const plexEpisodes = await collect(clients.plex.episodes('2'));
    expect(plexEpisodes).toHaveLength(sim.library.counts().serverEpisodes);
    const requests = await collect(clients.seerr.requests());
    expect(unique(requests, (r) => String(r.externalId))).toBe(
      Math.ceil(523 / 10) + Math.ceil(7 / 5),
    );
  });

  test('Radarr and Sonarr lists arrive whole through the streamed arrays', async () => {
    const radarr = await collect(clients.radarr.movies(100));
    expect(unique(radarr, (m) => String(m.externalId))).toBe(sim.library.counts().radarrMovies);
    const sonarr = await collect(clients.sonarr.series());
    expect(sonarr.length).toBeGreaterThan(0);
  });
});
