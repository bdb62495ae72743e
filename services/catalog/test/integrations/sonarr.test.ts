import nock from 'nock';
import { SonarrClient } from '../../src/integrations/sonarr';
import { sonarrEpisode, sonarrSeries } from './factories/arr';
import { collect, failureOf, testConfig } from './support';
import { useNock } from './use-nock';

const BASE = 'http://sonarr.test:8989';

useNock();

function client(extra: Parameters<typeof testConfig>[1] = {}) {
  const config = testConfig(BASE, extra);
  return { config, sonarr: new SonarrClient(config) };
}

describe('Sonarr client', () => {
  test('series are streamed with status, seasons and ids normalized', async () => {
    nock(BASE)
      .get('/api/v3/series')
      .reply(200, [
        sonarrSeries(),
        sonarrSeries({ id: 8, tvdbId: 0, status: 'ENDED', added: '1970-01-01T00:00:00Z' }),
      ]);
    const [first, second] = await collect(client().sonarr.series());
    expect(first).toMatchObject({
      externalId: 7,
      tvdbId: '371980',
      tmdbId: 95396,
      status: 'continuing',
      addedAt: new Date('2022-02-18T09:00:00Z'),
      seasons: [
        { seasonNumber: 0, monitored: false, episodeFileCount: 0, totalEpisodeCount: 2 },
        { seasonNumber: 1, monitored: true, episodeFileCount: 9, totalEpisodeCount: 9 },
        { seasonNumber: 2, monitored: true, episodeFileCount: 3, totalEpisodeCount: 10 },
      ],
    });
    expect(second).toMatchObject({ tvdbId: null, status: 'ended', addedAt: null });
  });

  test('episodes of a series come with their files; a missing file is no file', async () => {
    nock(BASE)
      .get('/api/v3/episode')
      .query({ seriesId: '7', includeEpisodeFile: 'true' })
      .reply(200, [
        sonarrEpisode(),
        sonarrEpisode({
          id: 3002,
          episodeNumber: 2,
          hasFile: false,
          episodeFileId: 0,
          episodeFile: undefined,
          airDateUtc: '2030-01-01T00:00:00Z',
        }),
      ]);
    const [withFile, without] = await client().sonarr.episodes(7);
    expect(withFile).toMatchObject({
      seasonNumber: 1,
      episodeNumber: 1,
      airDate: new Date('2022-02-18T05:00:00Z'),
      episodeFileId: 501,
      file: {
        externalId: 501,
        resolution: '1080p',
        videoCodec: 'h264',
        hdr: false,
        dolbyVision: false,
        fileName: 'Severance - S01E01 - Good News About Hell.mkv',
      },
    });
    // A future air date is a content date: normal, not sanitised.
    expect(without).toMatchObject({
      hasFile: false,
      episodeFileId: null,
      file: null,
      airDate: new Date('2030-01-01T00:00:00Z'),
    });
  });

  test('unmonitoring a season writes the whole series back with only that flag changed', async () => {
    const series = sonarrSeries({ somethingNew: { kept: true } });
    let written: Record<string, unknown> = {};
    nock(BASE)
      .get('/api/v3/series/7')
      .reply(200, series)
      .put('/api/v3/series/7')
      .reply(202, (_uri, body) => {
        written = body as Record<string, unknown>;
        return body;
      });
    await client().sonarr.unmonitorSeasons(7, [2]);
    expect(written.somethingNew).toEqual({ kept: true });
    expect(
      (written.seasons as { seasonNumber: number; monitored: boolean }[]).map((s) => [
        s.seasonNumber,
        s.monitored,
      ]),
    ).toEqual([
      [0, false],
      [1, true],
      [2, false],
    ]);
  });

  test('episode files are deleted in bulk and episodes unmonitored, one call each', async () => {
    const scope = nock(BASE)
      .delete('/api/v3/episodefile/bulk', { episodeFileIds: [501, 502] })
      .reply(200)
      .put('/api/v3/episode/monitor', { episodeIds: [3001, 3002], monitored: false })
      .reply(202, []);
    const { sonarr } = client();
    await sonarr.deleteEpisodeFiles([501, 502]);
    await sonarr.unmonitorEpisodes([3001, 3002]);
    scope.done();
  });

  test('deleting a series passes deleteFiles and addImportListExclusion', async () => {
    const scope = nock(BASE)
      .delete('/api/v3/series/7')
      .query({ deleteFiles: 'true', addImportListExclusion: 'true' })
      .reply(200);
    await client().sonarr.deleteSeries(7, { deleteFiles: true, addImportListExclusion: true });
    scope.done();
  });

  test('an episode file that is gone reads as null for verification', async () => {
    nock(BASE).get('/api/v3/episodefile/501').reply(404);
    await expect(client().sonarr.episodeFile(501)).resolves.toBeNull();
  });

  test('a 5xx on the episode list is retried and then succeeds', async () => {
    nock(BASE)
      .get('/api/v3/episode')
      .query(true)
      .reply(500)
      .get('/api/v3/episode')
      .query(true)
      .reply(200, [sonarrEpisode()]);
    await expect(client().sonarr.episodes(7)).resolves.toHaveLength(1);
  });

  test('a series read that hangs times out', async () => {
    nock(BASE).get('/api/v3/series/7').delay(2_000).reply(200, sonarrSeries());
    expect((await failureOf(client({ timeoutSeconds: 0.05 }).sonarr.seriesById(7))).code).toBe(
      'timeout',
    );
  });

  test('a forbidden answer is unauthorized', async () => {
    nock(BASE).get('/api/v3/system/status').reply(403);
    expect((await failureOf(client().sonarr.testConnection())).code).toBe('unauthorized');
  });

  test('an HTML page instead of JSON is an invalid response', async () => {
    nock(BASE)
      .get('/api/v3/episode')
      .query(true)
      .reply(200, '<html><body>Sign in</body></html>', { 'Content-Type': 'text/html' });
    expect((await failureOf(client().sonarr.episodes(7))).code).toBe('invalid_response');
  });

  test('a series whose seasons are not a list is a shape error', async () => {
    nock(BASE)
      .get('/api/v3/series')
      .reply(200, [sonarrSeries({ seasons: 'none' })]);
    const failure = await failureOf(collect(client().sonarr.series()));
    expect(failure.message).toContain('seasons is not a list');
  });
});
