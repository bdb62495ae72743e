import { startSimulator, type Simulator } from '../../../../infra/simulator/src';
import { clientsFor, collect, type Clients } from './clients';

describe('the systems describe one library', () => {
  let sim: Simulator;
  let clients: Clients;
  beforeAll(async () => {
    sim = await startSimulator({
      movies: 200,
      series: 12,
      seasonsPerSeries: 2,
      episodesPerSeason: 6,
    });
    clients = clientsFor(sim);
  });
  afterAll(async () => {
    clients.close();
    await sim.close();
  });

  test("a Jellyfin movie's tmdb id is in Radarr with the same file path and size", async () => {
    const movies = await collect(clients.jellyfin.movies(sim.library.jellyfinLibraryIds.movies));
    const radarr = new Map((await collect(clients.radarr.movies())).map((m) => [m.tmdbId, m]));
    let matched = 0;
    for (const movie of movies) {
      const arr = radarr.get(movie.providerIds.tmdb);
      if (!arr) continue; // about 5% live on the media server only
      matched++;
      expect(arr.imdbId).toBe(movie.providerIds.imdb);
      expect(arr.file?.path).toBe(movie.files[0]?.path);
      expect(arr.file?.sizeBytes).toBe(movie.files[0]?.sizeBytes);
      expect(arr.file?.resolution).toBe(movie.files[0]?.resolution);
    }
    expect(matched).toBeGreaterThan(movies.length * 0.85);
    expect(matched).toBeLessThan(movies.length);
  });

  test('series match Sonarr by tvdb id and episode files by path', async () => {
    const series = await collect(clients.jellyfin.series(sim.library.jellyfinLibraryIds.shows));
    const episodes = await collect(clients.jellyfin.episodes(sim.library.jellyfinLibraryIds.shows));
    const sonarr = new Map((await collect(clients.sonarr.series())).map((s) => [s.tvdbId, s]));
    const one = series.find((s) => sonarr.has(s.providerIds.tvdb));
    const arr = sonarr.get(one?.providerIds.tvdb ?? null);
    expect(arr?.tmdbId).toBe(one?.providerIds.tmdb);
    const arrEpisodes = await clients.sonarr.episodes(arr?.externalId ?? 0);
    const serverPaths = episodes
      .filter((e) => e.seriesExternalId === one?.externalId)
      .map((e) => e.files[0]?.path);
    const arrPaths = arrEpisodes.flatMap((e) => (e.file ? [e.file.path] : []));
    expect(arrPaths.sort()).toEqual(serverPaths.sort());
    expect(arr?.seasons.reduce((sum, s) => sum + (s.episodeFileCount ?? 0), 0)).toBe(
      arrPaths.length,
    );
  });

  test('Seerr requests point at tmdb ids of the library and at media-server users', async () => {
    const movies = new Set(
      (await collect(clients.jellyfin.movies(sim.library.jellyfinLibraryIds.movies))).map(
        (m) => m.providerIds.tmdb,
      ),
    );
    const users = new Set((await clients.jellyfin.users()).map((u) => u.externalId));
    const requests = await collect(clients.seerr.requests());
    for (const request of requests.filter((r) => r.mediaType === 'movie'))
      expect(movies.has(request.tmdbId)).toBe(true);
    for (const request of requests)
      expect(users.has(request.requestedBy?.jellyfinUserId ?? '')).toBe(true);
  });

  test('Plex reports the same files with the same ids', async () => {
    const plex = await collect(clients.plex.movies('1'));
    const movie = sim.library.movie(3);
    const same = plex.find((m) => m.providerIds.tmdb === movie.tmdbId);
    expect(same?.files.map((f) => f.path)).toEqual(movie.paths);
    expect(same?.externalId).toBe(movie.plexRatingKey);
  });
});
