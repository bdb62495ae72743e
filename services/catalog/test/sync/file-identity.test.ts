import { useWorld } from '../support/world';

/** domain.md 1.11: a renamed file keeps its version; a replaced one gets a new version. */
const world = useWorld({
  sim: { movies: 12, series: 2, seasonsPerSeries: 1, episodesPerSeason: 2 },
});

const versionsOf = async (tmdbId: number) => {
  const movie = await world.service.db.movie.findFirstOrThrow({
    where: { tmdbId, removedAt: null },
  });
  return world.service.db.movieVersion.findMany({
    where: { movieId: movie.id },
    orderBy: { id: 'asc' },
  });
};

beforeAll(async () => {
  await world.configure(['radarr', 'sonarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

test('a renamed file keeps its version id and publishes no version event (incremental sync)', async () => {
  const movie = world.sim.library.movie(2);
  const [before] = await versionsOf(movie.tmdbId);
  world.sim.mutate.renameMovieFile(2);
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_media', 'schedule');
  expect(run.summary).toMatchObject({ kind: 'incremental', renamed: 1, replaced: 0 });
  const after = await versionsOf(movie.tmdbId);
  expect(after).toHaveLength(1);
  expect(after[0]?.id).toBe(before?.id);
  expect(after[0]?.path).toBe(world.sim.library.movie(2).paths[0]);
  expect(after[0]?.path).not.toBe(before?.path);
  expect(after[0]?.removedAt).toBeNull();
  expect(await world.outbox('media.version_removed', mark)).toEqual([]);
  expect(await world.outbox('media.version_added', mark)).toEqual([]);
});

test('a replaced file gets a new version id: version_removed (replaced) then version_added', async () => {
  const movie = world.sim.library.movie(5);
  const [before] = await versionsOf(movie.tmdbId);
  world.sim.mutate.replaceMovieFile(5);
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_media');
  expect(run.summary).toMatchObject({ kind: 'full', replaced: 1 });
  const versions = await versionsOf(movie.tmdbId);
  const old = versions.find((v) => v.id === before?.id);
  const fresh = versions.find((v) => v.removedAt === null);
  expect(fresh?.id).not.toBe(before?.id);
  expect(old).toMatchObject({ removalCause: 'replaced', replacedByVersionId: fresh?.id });
  const rows = await world.service.db.outboxMessage.findMany({
    where: {
      id: { gt: mark },
      routingKey: { in: ['media.version_removed', 'media.version_added'] },
    },
    orderBy: { id: 'asc' },
  });
  expect(rows.map((r) => [r.routingKey, r.payload])).toEqual([
    [
      'media.version_removed',
      {
        movie_id: Number(old?.movieId),
        version_id: Number(old?.id),
        cause: 'replaced',
        replaced_by_version_id: Number(fresh?.id),
      },
    ],
    ['media.version_added', { movie_id: Number(old?.movieId), version_id: Number(fresh?.id) }],
  ]);
  // The movie's facts follow with the new version only.
  const upserted = (await world.outbox('media.items_upserted', mark)).flatMap((m) => m.items);
  const facts = upserted.find((i) => i.media_type === 'movie' && i.tmdb_id === movie.tmdbId);
  expect(facts?.media_type === 'movie' && facts.versions.map((v) => v.version_id)).toEqual([
    Number(fresh?.id),
  ]);
});

test('a replaced episode file: episode_file_removed (replaced) and the episode holds the new file', async () => {
  const mark = await world.outboxMark();
  world.sim.mutate.replaceEpisodeFile(1);
  const run = await world.runTask('sync_media', 'schedule');
  expect(run.summary).toMatchObject({ kind: 'incremental', replaced: 1 });
  const [removed] = await world.outbox('media.episode_file_removed', mark);
  expect(removed?.cause).toBe('replaced');
  expect(removed?.replaced_by_file_id).toEqual(expect.any(Number));
  const episode = await world.service.db.episode.findFirstOrThrow({
    where: { id: BigInt(removed?.episode_ids[0] ?? 0) },
  });
  expect(Number(episode.episodeFileId)).toBe(removed?.replaced_by_file_id);
});
