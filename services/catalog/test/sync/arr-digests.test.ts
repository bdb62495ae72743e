import { useWorld } from '../support/world';

/**
 * An incremental sync re-reads Radarr's whole list but recognises unchanged entries by the
 * digest of their text: they are neither parsed nor written; a changed entry is.
 */
const world = useWorld({
  sim: { movies: 10, series: 2, seasonsPerSeries: 1, episodesPerSeason: 2 },
});

const arrRows = () =>
  world.service.db.arrMovie.findMany({
    orderBy: { arrId: 'asc' },
    select: { arrId: true, tmdbId: true, filePath: true, sourceDigest: true, updatedAt: true },
  });

beforeAll(async () => {
  await world.configure(['radarr', 'sonarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

test('a changed Radarr entry is stored and linked; unchanged entries keep their rows untouched', async () => {
  const before = await arrRows();
  expect(before.length).toBeGreaterThan(5);
  expect(before.every((row) => row.sourceDigest !== null)).toBe(true);
  const index = [...Array(10).keys()].find((i) => world.sim.library.movie(i).inRadarr) as number;
  const movie = world.sim.library.movie(index);
  world.sim.mutate.replaceMovieFile(index);

  const run = await world.runTask('sync_media', 'schedule');
  expect(run.summary).toMatchObject({ kind: 'incremental', replaced: 1 });

  const after = await arrRows();
  const changed = after.filter((row) => row.tmdbId === movie.tmdbId);
  expect(changed).toHaveLength(1);
  expect(changed[0]?.filePath).toBe(world.sim.library.movie(index).paths[0]);
  const old = before.find((row) => row.tmdbId === movie.tmdbId);
  expect(changed[0]?.sourceDigest).not.toBe(old?.sourceDigest);
  expect(after.filter((row) => row.tmdbId !== movie.tmdbId)).toEqual(
    before.filter((row) => row.tmdbId !== movie.tmdbId),
  );
  // The new file's version is linked to Radarr's file, as on a full read.
  const current = await world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: movie.tmdbId, removedAt: null },
  });
  const version = await world.service.db.movieVersion.findFirstOrThrow({
    where: { movieId: current.id, removedAt: null },
  });
  expect(version.path).toBe(world.sim.library.movie(index).paths[0]);
  expect(version.arrKey).not.toBeNull();
});
