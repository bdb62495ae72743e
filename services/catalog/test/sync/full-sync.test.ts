import { waitFor } from '@mcs/kit/testing';
import { useWorld } from '../support/world';

/** End to end: simulator over HTTP, real database, real broker (issue 4 acceptance, DM#1). */
const world = useWorld({
  sim: { movies: 14, series: 3, seasonsPerSeries: 2, episodesPerSeason: 3 },
});

test('a full sync stores the library, links Radarr and Sonarr, and publishes its facts', async () => {
  world.sim.mutate.addMovieFile(0);
  await world.configure(['radarr', 'sonarr']);
  const run = await world.runTask('sync_media');
  expect(run).toMatchObject({
    status: 'completed',
    error: null,
    summary: { kind: 'full', guarded: false, removed: 0 },
  });
  const { db } = world.service;
  const counts = world.sim.library.counts();
  expect(await db.movie.count({ where: { removedAt: null } })).toBe(counts.serverMovies);
  expect(await db.movieVersion.count({ where: { removedAt: null } })).toBe(counts.serverMovies + 1);
  expect(await db.series.count({ where: { removedAt: null } })).toBe(3);
  expect(await db.episodeFile.count({ where: { removedAt: null } })).toBe(counts.serverEpisodes);

  // Rows: ids, files and the Arr facts of a movie Radarr holds.
  const simMovie = world.sim.library.movie(0);
  const movie = await db.movie.findFirstOrThrow({ where: { tmdbId: simMovie.tmdbId } });
  expect(movie).toMatchObject({
    title: simMovie.title,
    imdbId: simMovie.imdbId,
    isMonitored: simMovie.inRadarr ? true : null,
  });
  const versions = await db.movieVersion.findMany({
    where: { movieId: movie.id },
    orderBy: { id: 'asc' },
  });
  expect(versions.map((v) => v.path)).toEqual(simMovie.paths);
  expect(versions[0]?.fileAddedAt).not.toBeNull();
  const arr = await db.arrMovie.findFirstOrThrow({ where: { tmdbId: simMovie.tmdbId } });
  expect(arr.versionId).toBe(versions[0]?.id);
  const series = await db.series.findFirstOrThrow({
    where: { tmdbId: world.sim.library.series(0).tmdbId },
  });
  expect(await db.season.count({ where: { seriesId: series.id } })).toBe(2);
  expect(series.sonarrServiceIds.length).toBe(world.sim.library.series(0).inSonarr ? 1 : 0);

  // Events: committed facts of every live item, then media.synced, delivered by the broker.
  const upserted = (await world.outbox('media.items_upserted')).flatMap((m) => m.items);
  expect(upserted.filter((i) => i.media_type === 'movie')).toHaveLength(counts.serverMovies);
  const seriesFacts = upserted.find(
    (i) => i.media_type === 'series' && i.media_id === Number(series.id),
  );
  expect(seriesFacts?.media_type === 'series' && seriesFacts.episodes).toHaveLength(6);
  const movieFacts = upserted.find(
    (i) => i.media_type === 'movie' && i.media_id === Number(movie.id),
  );
  expect(
    movieFacts?.media_type === 'movie' && movieFacts.versions.map((v) => v.version_id),
  ).toEqual(versions.map((v) => Number(v.id)));
  await world.drained();
  await waitFor(() => world.broker.of('media.synced').length === 1);
  const [synced] = world.broker.of('media.synced');
  expect(synced).toMatchObject({
    kind: 'full',
    summary: { guarded: false },
  });
  expect(world.broker.of('media.items_upserted').length).toBeGreaterThan(0);
  expect(world.broker.of('media.source_status_changed').at(-1)?.sources).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ source: 'catalog', state: 'ok' }),
      expect.objectContaining({ source: 'arr', service_type: 'radarr', state: 'ok' }),
      expect.objectContaining({ source: 'tmdb', state: 'not_configured' }),
    ]),
  );
  // DM#1: the files' own `path` in the internal media facts is the only place a path travels
  // (cleanup's media.path rules, docs/decisions/013); no other field of any message has one.
  const versionPaths = world.broker
    .of('media.items_upserted')
    .flatMap((m) => m.items.flatMap((i) => (i.media_type === 'movie' ? i.versions : [])))
    .map((v) => v.path);
  const stored = await db.movieVersion.findMany({ where: { removedAt: null } });
  expect(versionPaths.sort()).toEqual(stored.map((v) => v.path).sort());
  for (const message of world.broker.messages)
    expect(JSON.stringify(message.payload, withoutFilePaths)).not.toContain('/media/');
});

test('a sync with nothing changed writes nothing and publishes no facts', async () => {
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_media');
  expect(run.summary).toMatchObject({ added: 0, updated: 0, removed: 0, renamed: 0 });
  expect(await world.outbox('media.items_upserted', mark)).toEqual([]);
  expect(await world.outbox('media.synced', mark)).toHaveLength(1);
});

/** JSON.stringify's replacer: drops the `path` of version and episode-file facts. */
function withoutFilePaths(this: unknown, key: string, value: unknown): unknown {
  const file = typeof this === 'object' && this !== null && 'file_name' in this;
  return key === 'path' && file ? undefined : value;
}
