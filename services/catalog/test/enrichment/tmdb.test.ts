import { DAY } from '@mcs/kit/testing';
import { type Fake, startFakeTmdb } from '../support/metadata-fakes';
import { changeSettings, sealed } from '../support/settings';
import { useWorld } from '../support/world';

/** TMDB enrichment in sync_media (domain.md 2.9.1), against a local stand-in for TMDB. */
const world = useWorld({
  sim: { movies: 6, series: 2, seasonsPerSeries: 2, episodesPerSeason: 2 },
});
let tmdb: Fake;

beforeAll(async () => {
  tmdb = await startFakeTmdb('good-key', [world.sim.library.series(1).tmdbId]);
  await world.configure(['radarr', 'sonarr']);
});
afterAll(() => tmdb.close());

const statusOf = async (source: 'tmdb' | 'imdb') =>
  world.service.db.sourceStatus.findFirstOrThrow({ where: { source } });

test('without a key the TMDB source is not_configured and no item is fetched', async () => {
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('completed');
  expect(await statusOf('tmdb')).toMatchObject({ state: 'not_configured', reason: null });
  expect(tmdb.requests).toEqual([]);
  expect(
    await world.service.db.movie.count({ where: { metadataRefreshedAt: { not: null } } }),
  ).toBe(0);
});

test('with a key the sync fills the TMDB facts of movies and series and publishes them', async () => {
  await changeSettings(world.service, 1, {
    tmdb_api_key: sealed('good-key'),
    tmdb_base_url: `${tmdb.url}/3`,
    imdb_ratings_enabled: false,
  });
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('completed');
  const { db } = world.service;
  const simMovie = world.sim.library.movie(0);
  const movie = await db.movie.findFirstOrThrow({ where: { tmdbId: simMovie.tmdbId } });
  expect(movie).toMatchObject({
    status: 'Released',
    genres: ['Drama', 'Comedy'],
    originalLanguage: 'fra',
    // Unknown codes are dropped (2.9.3); the main server's IMDb id stays (1.5).
    originCountries: ['FR'],
    collection: { tmdb_collection_id: 9000 + simMovie.tmdbId, name: `Saga ${simMovie.tmdbId}` },
    tmdbVoteAverage: 7.4,
    tmdbVoteCount: 1234,
    tmdbPopularity: 56.7,
    posterUrl: `https://image.tmdb.org/t/p/w500/poster${simMovie.tmdbId}.jpg`,
    imdbId: simMovie.imdbId,
  });
  expect(movie.releaseDate?.toISOString()).toBe('2001-04-25T00:00:00.000Z');
  expect(movie.metadataRefreshedAt).toEqual(world.clock.now());
  const series = await db.series.findFirstOrThrow({
    where: { tmdbId: world.sim.library.series(0).tmdbId },
  });
  expect(series).toMatchObject({
    status: 'Canceled',
    originalLanguage: 'yue',
    originCountries: ['HK'],
    tmdbSeasonCount: 4,
    // The library holds two seasons; TMDB knows four (season.is_latest, 3.4 #30).
    latestKnownSeasonNumber: 4,
    posterUrl: null,
  });

  // Every item was fetched once, with its external ids, and its facts went to cleanup. The
  // answer over the 1 MiB cap was cut off: that series waits for the next run.
  expect(tmdb.requests).toHaveLength(8);
  const oversized = await db.series.findFirstOrThrow({
    where: { tmdbId: world.sim.library.series(1).tmdbId },
  });
  expect(oversized.metadataRefreshedAt).toBeNull();
  const items = (await world.outbox('media.items_upserted', mark)).flatMap((m) => m.items);
  const movieFacts = items.find((i) => i.media_id === Number(movie.id));
  expect(movieFacts).toMatchObject({
    genres: ['Drama', 'Comedy'],
    original_language: 'fra',
    tmdb_vote_average: 7.4,
    metadata_refreshed_at: world.clock.now().toISOString(),
  });
  const seriesFacts = items.find((i) => i.media_id === Number(series.id));
  expect(seriesFacts).toMatchObject({
    status: 'Canceled',
    latest_known_season_number: 4,
    first_air_date: '2015-01-10',
  });
  const statuses = await world.outbox('media.source_status_changed', mark);
  expect(statuses.at(-1)?.sources).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ source: 'tmdb', state: 'ok' }),
      expect.objectContaining({ source: 'imdb', state: 'not_configured' }),
    ]),
  );
});

test('fetched items are not asked again within 30 days, and the server does not undo their genres', async () => {
  const mark = await world.outboxMark();
  const asked = tmdb.requests.length;
  await world.runTask('sync_media');
  // Only the item whose answer was too large is asked again.
  expect(tmdb.requests.slice(asked)).toEqual([
    `/3/tv/${world.sim.library.series(1).tmdbId}?append_to_response=external_ids&api_key=good-key`,
  ]);
  expect(await world.outbox('media.items_upserted', mark)).toEqual([]);
  const movie = await world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(1).tmdbId },
  });
  expect(movie.genres).toEqual(['Drama', 'Comedy']);
});

test('a refused key marks TMDB unavailable, stops the pass and completes the sync', async () => {
  await changeSettings(world.service, 2, {
    tmdb_api_key: sealed('revoked-key'),
    tmdb_base_url: `${tmdb.url}/3`,
    imdb_ratings_enabled: false,
  });
  world.clock.advance(31 * DAY);
  const asked = tmdb.requests.length;
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('completed');
  expect(await statusOf('tmdb')).toMatchObject({ state: 'unavailable', reason: 'unauthorized' });
  // At most one call per worker before the pass stopped, not one per item.
  expect(tmdb.requests.length - asked).toBeLessThanOrEqual(8);
  const movie = await world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(0).tmdbId },
  });
  expect(movie.genres).toEqual(['Drama', 'Comedy']);
});

test('a key that no configured ENCRYPTION_KEYS opens is secrets_unreadable, and nothing is sent', async () => {
  await changeSettings(world.service, 3, {
    tmdb_api_key: sealed('good-key', ['another-deployment-key-0123456789abcdef']),
    tmdb_base_url: `${tmdb.url}/3`,
    imdb_ratings_enabled: false,
  });
  const asked = tmdb.requests.length;
  expect((await world.runTask('sync_media')).status).toBe('completed');
  expect(await statusOf('tmdb')).toMatchObject({
    state: 'unavailable',
    reason: 'secrets_unreadable',
  });
  expect(tmdb.requests).toHaveLength(asked);
});

test('the key back in place refreshes the items that are 30 days old', async () => {
  await changeSettings(world.service, 4, {
    tmdb_api_key: sealed('good-key'),
    tmdb_base_url: `${tmdb.url}/3`,
    imdb_ratings_enabled: false,
  });
  expect((await world.runTask('sync_media')).status).toBe('completed');
  expect(await statusOf('tmdb')).toMatchObject({ state: 'ok', reason: null });
  expect(
    await world.service.db.movie.count({ where: { metadataRefreshedAt: world.clock.now() } }),
  ).toBe(6);
});
