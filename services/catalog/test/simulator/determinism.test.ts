import { startSimulator, type Simulator } from '../../../../infra/simulator/src';
import { clientsFor, collect } from './clients';

const OPTIONS = { movies: 40, series: 4, seasonsPerSeries: 2, episodesPerSeason: 5 };

async function snapshot(sim: Simulator) {
  const clients = clientsFor(sim);
  const ids = sim.library.jellyfinLibraryIds;
  const result = {
    movies: await collect(clients.jellyfin.movies(ids.movies)),
    episodes: await collect(clients.jellyfin.episodes(ids.shows)),
    radarr: await collect(clients.radarr.movies()),
    requests: await collect(clients.seerr.requests()),
  };
  clients.close();
  return result;
}

describe('generated library', () => {
  let sims: Simulator[] = [];
  afterEach(async () => {
    await Promise.all(sims.map((sim) => sim.close()));
    sims = [];
  });

  test('the same seed gives the same items, ids, paths and dates in every system', async () => {
    sims = [
      await startSimulator({ ...OPTIONS, seed: 7 }),
      await startSimulator({ ...OPTIONS, seed: 7 }),
    ];
    const [first, second] = await Promise.all(sims.map(snapshot));
    expect(second).toEqual(first);
    expect(first?.movies).toHaveLength(40);
  });

  test('a different seed gives a different library of the same size', async () => {
    sims = [
      await startSimulator({ ...OPTIONS, seed: 7 }),
      await startSimulator({ ...OPTIONS, seed: 8 }),
    ];
    const [first, second] = await Promise.all(sims.map(snapshot));
    expect(second?.movies).toHaveLength(first?.movies.length ?? -1);
    expect(second?.movies.map((m) => m.title)).not.toEqual(first?.movies.map((m) => m.title));
  });

  test('movie titles, and so paths, are unique even across many repeats of the word lists', async () => {
    sims = [await startSimulator({ movies: 4000, series: 0 })];
    const titles = new Set<string>();
    for (let i = 0; i < 4000; i++) titles.add(sims[0]?.library.movie(i).paths[0] ?? '');
    expect(titles.size).toBe(4000);
  });
});
