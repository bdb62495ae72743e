import { startSimulator, type Simulator } from '../../../../infra/simulator/src';
import { clientsFor, collect, type Clients } from './clients';

describe('write calls are applied and recorded', () => {
  let sim: Simulator;
  let clients: Clients;
  beforeEach(async () => {
    sim = await startSimulator({
      movies: 60,
      series: 3,
      seasonsPerSeries: 2,
      episodesPerSeason: 4,
    });
    clients = clientsFor(sim);
  });
  afterEach(async () => {
    clients.close();
    await sim.close();
  });

  const radarrMovie = (from: number) => {
    for (let i = from; ; i++) if (sim.library.movie(i).inRadarr) return sim.library.movie(i);
  };

  test('a Radarr delete with files is one recorded DELETE and the movie is gone everywhere', async () => {
    const movie = radarrMovie(5);
    await clients.radarr.deleteMovie(movie.radarrId, {
      deleteFiles: true,
      addImportExclusion: true,
    });
    expect(sim.deletions.list()).toEqual([
      expect.objectContaining({
        system: 'radarr',
        method: 'DELETE',
        path: `/api/v3/movie/${movie.radarrId}`,
        query: { deleteFiles: 'true', addImportExclusion: 'true' },
        status: 200,
      }),
    ]);
    await expect(clients.radarr.movie(movie.radarrId)).resolves.toBeNull();
    await expect(clients.jellyfin.findItem(movie.jellyfinId)).resolves.toBeNull();
    const server = await collect(clients.jellyfin.movies(sim.library.jellyfinLibraryIds.movies));
    expect(server.map((m) => m.providerIds.tmdb)).not.toContain(movie.tmdbId);
  });

  test('a repeated delete reaches the simulator twice and the second finds nothing', async () => {
    const movie = radarrMovie(0);
    await clients.radarr.deleteMovieFile(movie.fileIds[0] ?? 0);
    await expect(clients.radarr.deleteMovieFile(movie.fileIds[0] ?? 0)).rejects.toMatchObject({
      code: 'http_404',
    });
    expect(sim.deletions.list().map((d) => d.status)).toEqual([200, 404]);
    await expect(clients.radarr.movie(movie.radarrId)).resolves.toMatchObject({
      hasFile: false,
      file: null,
    });
  });

  test('a media-server delete of one version keeps the other version', async () => {
    const file = sim.mutate.addMovieFile(2);
    const item = await clients.jellyfin.findItem(sim.library.movie(2).jellyfinId);
    expect(item?.mediaSourceIds).toHaveLength(2);
    await clients.jellyfin.deleteItem(item?.mediaSourceIds[1] ?? '');
    expect(sim.library.movie(2).fileIds).not.toContain(file.fileId);
    expect(
      (await clients.jellyfin.findItem(sim.library.movie(2).jellyfinId))?.mediaSourceIds,
    ).toHaveLength(1);
  });

  test('Sonarr episode-file deletes, unmonitoring and tags are recorded and visible', async () => {
    const [episode] = await clients.sonarr.episodes(1);
    await clients.sonarr.deleteEpisodeFiles([episode?.episodeFileId ?? 0]);
    await clients.sonarr.unmonitorEpisodes([episode?.externalId ?? 0]);
    await clients.sonarr.unmonitorSeasons(1, [2]);
    const tag = await clients.sonarr.createTag('Cleanup');
    await clients.sonarr.addTag([1], tag.id);
    await expect(clients.sonarr.episodeFile(episode?.episodeFileId ?? 0)).resolves.toBeNull();
    const [after] = await clients.sonarr.episodes(1);
    expect(after).toMatchObject({ hasFile: false, monitored: false });
    const series = await clients.sonarr.seriesById(1);
    expect(series?.seasons.map((s) => s.monitored)).toEqual([true, false]);
    expect(series?.tagIds).toEqual([tag.id]);
    expect(sim.deletions.writes('sonarr').map((w) => `${w.method} ${w.path}`)).toEqual([
      'DELETE /api/v3/episodefile/bulk',
      'PUT /api/v3/episode/monitor',
      'PUT /api/v3/series/1',
      'POST /api/v3/tag',
      'PUT /api/v3/series/editor',
    ]);
  });

  test('deletions can be read over HTTP', async () => {
    await clients.seerr.deleteMedia(1);
    const response = await fetch(`${sim.url}/__sim/deletions`);
    expect(await response.json()).toEqual([
      expect.objectContaining({ system: 'seerr', path: '/api/v1/media/1', status: 204 }),
    ]);
  });
});
