import { DAY } from '@mcs/kit/testing';
import { ratingsFile, startFakeDataset, type Fake } from '../support/metadata-fakes';
import { changeSettings } from '../support/settings';
import { useWorld } from '../support/world';

/** The IMDb ratings dataset in sync_media (domain.md 2.9.2), from a local stand-in file. */
const world = useWorld({
  sim: { movies: 4, series: 1, seasonsPerSeries: 1, episodesPerSeason: 2 },
});
let dataset: Fake & { body: Buffer };

beforeAll(async () => {
  dataset = await startFakeDataset();
  await world.configure(['radarr', 'sonarr']);
  // The library first, without the dataset (it is off until a test turns it on).
  expect((await world.runTask('sync_media')).status).toBe('completed');
});
afterAll(() => dataset.close());

const movieImdb = (index: number) => world.sim.library.movie(index).imdbId;
const ratingOf = async (index: number) => {
  const movie = await world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(index).tmdbId },
  });
  return { rating: movie.imdbRating, votes: movie.imdbVoteCount };
};
const imdbStatus = () =>
  world.service.db.sourceStatus.findFirstOrThrow({ where: { source: 'imdb' } });

test('an enabled import fills the ratings by imdb_id, skipping malformed lines, and publishes them', async () => {
  const { imdbId: seriesImdb } = await world.service.db.series.findFirstOrThrow();
  dataset.body = ratingsFile([
    `${movieImdb(0)}\t7.8\t120345`,
    'not a rating line',
    `${movieImdb(1)}\t11.0\t5`,
    `tt${'9'.repeat(2000)}\t5.0\t10`,
    `${movieImdb(2)}\t6.1`,
    `tt0000001\t5.6\t2000`,
    `${seriesImdb}\t8.4\t999\r`,
    `${movieImdb(3)}\t4.2\t77`,
  ]);
  await changeSettings(world.service, 1, {
    imdb_ratings_enabled: true,
    imdb_ratings_url: `${dataset.url}/datasets/title.ratings.tsv.gz`,
  });
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('completed');
  expect(dataset.requests).toEqual(['/datasets/title.ratings.tsv.gz']);
  expect(await ratingOf(0)).toEqual({ rating: 7.8, votes: 120345 });
  // Out of range and short lines are skipped; the lines after them still count.
  expect(await ratingOf(1)).toEqual({ rating: null, votes: null });
  expect(await ratingOf(2)).toEqual({ rating: null, votes: null });
  expect(await ratingOf(3)).toEqual({ rating: 4.2, votes: 77 });
  const series = await world.service.db.series.findFirstOrThrow();
  expect(series).toMatchObject({ imdbRating: 8.4, imdbVoteCount: 999 });
  expect(await imdbStatus()).toMatchObject({ state: 'ok', reason: null });
  const items = (await world.outbox('media.items_upserted', mark)).flatMap((m) => m.items);
  expect(items.find((i) => i.imdb_id === movieImdb(0))).toMatchObject({
    imdb_rating: 7.8,
    imdb_vote_count: 120345,
  });
});

test('a second sync within 24 hours does not download the dataset again', async () => {
  dataset.body = ratingsFile([`${movieImdb(0)}\t9.9\t1`]);
  world.clock.advance(23 * 3_600_000);
  expect((await world.runTask('sync_media')).status).toBe('completed');
  expect(dataset.requests).toHaveLength(1);
  expect(await ratingOf(0)).toEqual({ rating: 7.8, votes: 120345 });
});

test('after 24 hours the import runs again and titles the file no longer rates lose their rating', async () => {
  world.clock.advance(DAY);
  expect((await world.runTask('sync_media')).status).toBe('completed');
  expect(dataset.requests).toHaveLength(2);
  expect(await ratingOf(0)).toEqual({ rating: 9.9, votes: 1 });
  expect(await ratingOf(3)).toEqual({ rating: null, votes: null });
});

test('a file that is not gzip marks IMDb unavailable and keeps the ratings', async () => {
  dataset.body = Buffer.from('tconst\taverageRating\tnumVotes\n');
  world.clock.advance(DAY);
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('completed');
  expect(await imdbStatus()).toMatchObject({ state: 'unavailable', reason: 'invalid_response' });
  expect(await ratingOf(0)).toEqual({ rating: 9.9, votes: 1 });
});

test('disabled, the source is not_configured and nothing is downloaded', async () => {
  await changeSettings(world.service, 2, { imdb_ratings_enabled: false });
  const asked = dataset.requests.length;
  world.clock.advance(DAY);
  expect((await world.runTask('sync_media')).status).toBe('completed');
  expect(dataset.requests).toHaveLength(asked);
  expect(await imdbStatus()).toMatchObject({ state: 'not_configured' });
});
