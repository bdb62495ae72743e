import nock from 'nock';
import { RadarrClient } from '../../src/integrations/radarr';
import { movieFile, radarrMovie } from './factories/arr';
import { API_KEY, collect, failureOf, testConfig } from './support';
import { useNock } from './use-nock';

const BASE = 'http://radarr.test:7878';

useNock();

function client(extra: Parameters<typeof testConfig>[1] = {}) {
  const config = testConfig(BASE, extra);
  return { config, radarr: new RadarrClient(config) };
}

function movies(count: number) {
  return Array.from({ length: count }, (_, i) =>
    radarrMovie({
      id: i + 1,
      tmdbId: 1000 + i,
      movieFile: movieFile({ id: 500 + i, movieId: i + 1 }),
    }),
  );
}

describe('Radarr client', () => {
  test('the connection test reads the version with the X-Api-Key header', async () => {
    nock(BASE)
      .get('/api/v3/system/status')
      .matchHeader('x-api-key', API_KEY)
      .reply(200, { appName: 'Radarr', version: '5.14.0.9383' });
    await expect(client().radarr.testConnection()).resolves.toEqual({
      appName: 'Radarr',
      version: '5.14.0.9383',
    });
  });

  test('the whole movie list is streamed in batches and normalized', async () => {
    nock(BASE).get('/api/v3/movie').reply(200, movies(5));
    const batches: number[] = [];
    const all = [];
    for await (const batch of client().radarr.movies(2)) {
      batches.push(batch.items.length);
      all.push(...batch.items.map((item) => item.value));
    }
    expect(batches).toEqual([2, 2, 1]);
    expect(all.map((m) => m.tmdbId)).toEqual([1000, 1001, 1002, 1003, 1004]);
    expect(all[0]).toMatchObject({
      imdbId: 'tt1856101',
      monitored: true,
      tagIds: [3],
      addedAt: new Date('2023-04-12T19:00:00Z'),
      hasFile: true,
      file: {
        externalId: 500,
        fileName: 'Blade Runner 2049 (2017).mkv',
        sizeBytes: 48_318_382_080,
        addedAt: new Date('2023-04-12T19:20:00Z'),
        width: 3840,
        resolution: '2160p',
        videoCodec: 'hevc',
        hdr: true,
        dolbyVision: true,
      },
    });
  });

  test('entries known by the digest of their text come back as ids only; a changed one in full', async () => {
    const list = movies(3);
    nock(BASE).get('/api/v3/movie').reply(200, list);
    const first = await client().radarr.movies(10).next();
    const items = first.done ? [] : first.value.items;
    const known = new Map(items.map((item) => [item.digest, item.value.externalId]));
    expect(known.size).toBe(3);

    const changed = [list[0], { ...list[1], monitored: false }, list[2]];
    nock(BASE).get('/api/v3/movie').reply(200, changed);
    const batches = [];
    for await (const batch of client().radarr.movies(10, known)) batches.push(batch);
    expect(batches.flatMap((batch) => batch.known)).toEqual([1, 3]);
    expect(batches.flatMap((batch) => batch.items.map((item) => item.value))).toMatchObject([
      { externalId: 2, monitored: false },
    ]);
  });

  test('sentinel dates and a missing file become unknown, not old', async () => {
    nock(BASE)
      .get('/api/v3/movie')
      .reply(200, [
        radarrMovie({ added: '0001-01-01T00:00:00Z', hasFile: false, movieFile: undefined }),
      ]);
    const { radarr, config } = client();
    const [movie] = await collect(radarr.movies());
    expect(movie).toMatchObject({ addedAt: null, hasFile: false, file: null });
    expect(config.dates.invalid.get('arr_added_at')).toBe(1);
  });

  test('a truncated movie list fails as an invalid response after the complete elements', async () => {
    const body = JSON.stringify(movies(3)).slice(0, -40);
    nock(BASE).get('/api/v3/movie').reply(200, body);
    const seen: number[] = [];
    const failure = await failureOf(async () => {
      for await (const batch of client().radarr.movies(1)) seen.push(batch.items.length);
    });
    expect(failure.code).toBe('invalid_response');
    expect(seen).toEqual([1, 1]);
  });

  test('a movie without a title is a shape error naming the field', async () => {
    nock(BASE)
      .get('/api/v3/movie')
      .reply(200, [radarrMovie({ title: undefined })]);
    const failure = await failureOf(collect(client().radarr.movies()));
    expect(failure.message).toContain('title is missing');
  });

  test('a 5xx is retried with the server’s Retry-After, up to three times', async () => {
    nock(BASE)
      .get('/api/v3/tag')
      .reply(503, '', { 'Retry-After': '7' })
      .get('/api/v3/tag')
      .reply(502)
      .get('/api/v3/tag')
      .reply(200, [{ id: 3, label: 'Keep' }]);
    const { radarr, config } = client();
    await expect(radarr.tags()).resolves.toEqual([{ id: 3, label: 'keep' }]);
    expect(config.sleeps).toEqual([7000, 4000]);
  });

  test('after three failed retries the read fails with the status code', async () => {
    nock(BASE).get('/api/v3/diskspace').times(4).reply(500);
    const { radarr, config } = client();
    expect((await failureOf(radarr.diskSpace())).code).toBe('http_500');
    expect(config.sleeps).toEqual([1000, 4000, 10000]);
  });

  test('a movie read that hangs times out', async () => {
    nock(BASE).get('/api/v3/movie/1').delay(2_000).reply(200, radarrMovie());
    expect((await failureOf(client({ timeoutSeconds: 0.05 }).radarr.movie(1))).code).toBe(
      'timeout',
    );
  });

  test('a wrong API key is unauthorized and the error does not reveal it', async () => {
    nock(BASE).get('/api/v3/system/status').reply(401, { message: 'Unauthorized' });
    expect((await failureOf(client().radarr.testConnection())).code).toBe('unauthorized');
  });

  test('a movie that is gone reads as null for verification', async () => {
    nock(BASE).get('/api/v3/movie/44').reply(404, { message: 'NotFound' });
    await expect(client().radarr.movie(44)).resolves.toBeNull();
  });

  test('deleting a movie passes deleteFiles and the import exclusion setting, once', async () => {
    const scope = nock(BASE)
      .delete('/api/v3/movie/12')
      .query({ deleteFiles: 'true', addImportExclusion: 'false' })
      .reply(200);
    await client().radarr.deleteMovie(12, { deleteFiles: true, addImportExclusion: false });
    scope.done();
  });

  test('a failed delete is not retried: verification decides what happened', async () => {
    const scope = nock(BASE).delete('/api/v3/moviefile/901').reply(503);
    const { radarr, config } = client();
    expect((await failureOf(radarr.deleteMovieFile(901))).code).toBe('http_503');
    expect(config.sleeps).toEqual([]);
    scope.done();
  });

  test('tagging and unmonitoring go through the editor in batches of 100 ids', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => i + 1);
    const bodies: unknown[] = [];
    nock(BASE)
      .put('/api/v3/movie/editor')
      .times(3)
      .reply(202, (_uri, body) => {
        bodies.push(body);
        return [];
      });
    const { radarr } = client();
    await radarr.addTag(ids, 3);
    await radarr.unmonitor([8]);
    expect(bodies).toEqual([
      { movieIds: ids.slice(0, 100), tags: [3], applyTags: 'add' },
      { movieIds: ids.slice(100), tags: [3], applyTags: 'add' },
      { movieIds: [8], monitored: false },
    ]);
  });
});
