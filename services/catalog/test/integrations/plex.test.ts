import nock from 'nock';
import { PlexClient } from '../../src/integrations/plex';
import { plexContainer, plexMovie } from './factories/plex';
import { API_KEY, collect, failureOf, testConfig } from './support';
import { useNock } from './use-nock';

const BASE = 'http://plex.test:32400';

useNock();

function client(extra: Parameters<typeof testConfig>[1] = {}) {
  const config = testConfig(BASE, extra);
  return { config, plex: new PlexClient({ ...config, pageSize: 2 }) };
}

function moviesPage(start: number, items: unknown[], totalSize: number) {
  return nock(BASE)
    .get('/library/sections/1/all')
    .query({ type: '1', includeGuids: '1' })
    .matchHeader('x-plex-token', API_KEY)
    .matchHeader('x-plex-container-start', String(start))
    .matchHeader('x-plex-container-size', '2')
    .reply(
      200,
      plexContainer('Metadata', items, { totalSize, offset: start, librarySectionID: 1 }),
    );
}

describe('Plex client', () => {
  test('movies are paged with the container headers until totalSize and normalized', async () => {
    moviesPage(0, [plexMovie(101), plexMovie(102)], 3);
    moviesPage(2, [plexMovie(103, { addedAt: 0 })], 3);
    const { plex, config } = client();
    const movies = await collect(plex.movies('1'));
    expect(movies.map((m) => m.externalId)).toEqual(['101', '102', '103']);
    expect(movies[0]).toMatchObject({
      providerIds: { tmdb: 335984, imdb: 'tt1856101', tvdb: '16383' },
      addedAt: new Date(1681327351 * 1000),
      genres: ['Science Fiction', 'Drama'],
      files: [
        {
          externalId: '1010',
          partId: '10100',
          fileName: 'Blade Runner 2049 (2017).mkv',
          sizeBytes: 48318382080,
          durationMs: 9836000,
          resolution: '2160p',
          videoCodec: 'hevc',
          bitrateKbps: 60123,
          hdr: null,
        },
      ],
    });
    expect(movies[2]?.addedAt).toBeNull();
    expect(config.dates.invalid.get('added_at')).toBe(1);
  });

  test('a page short of totalSize makes the enumeration incomplete', async () => {
    moviesPage(0, [plexMovie(101), plexMovie(102)], 4);
    moviesPage(2, [plexMovie(103)], 4);
    expect((await failureOf(collect(client().plex.movies('1')))).code).toBe('incomplete');
  });

  test('HDR and Dolby Vision come from the detail call’s video stream', async () => {
    const detail = plexMovie(101);
    const media = (detail.Media as Record<string, unknown>[])[0] as Record<string, unknown>;
    const part = (media.Part as Record<string, unknown>[])[0] as Record<string, unknown>;
    part.Stream = [
      {
        id: 1,
        streamType: 1,
        codec: 'hevc',
        colorTrc: 'smpte2084',
        DOVIPresent: true,
        DOVIProfile: 8,
      },
      { id: 2, streamType: 2, codec: 'eac3' },
    ];
    nock(BASE)
      .get('/library/metadata/101')
      .reply(200, plexContainer('Metadata', [detail]));
    const ranges = await client().plex.mediaRanges('101');
    expect(ranges?.get('1010')).toEqual({ hdr: true, dolbyVision: true });
  });

  test('history entries become playback events, oldest first since the watermark', async () => {
    nock(BASE)
      .get('/status/sessions/history/all')
      .query({ sort: 'viewedAt:asc', 'viewedAt>': '1748736000' })
      .reply(
        200,
        plexContainer(
          'Metadata',
          [
            {
              historyKey: '/status/sessions/history/9001',
              key: '/library/metadata/101',
              ratingKey: '101',
              title: 'Blade Runner 2049',
              type: 'movie',
              viewedAt: 1748740000,
              accountID: 1,
              deviceID: 3,
            },
            {
              historyKey: '/status/sessions/history/9002',
              ratingKey: '5001',
              parentRatingKey: '5000',
              grandparentRatingKey: '4999',
              type: 'episode',
              viewedAt: 1748741000,
              accountID: 2,
            },
          ],
          { totalSize: 2 },
        ),
      );
    const events = await collect(client().plex.history(new Date(1748736000 * 1000)));
    expect(events).toEqual([
      expect.objectContaining({
        sourceEventId: '/status/sessions/history/9001',
        userExternalId: '1',
        itemKind: 'movie',
        completed: true,
      }),
      expect.objectContaining({
        itemExternalId: '5001',
        grandparentItemExternalId: '4999',
        itemKind: 'episode',
      }),
    ]);
  });

  test('a delete refused with 403 says media deletion is disabled', async () => {
    nock(BASE).delete('/library/metadata/101/media/1010').reply(403);
    const failure = await failureOf(client().plex.deleteMedia('101', '1010'));
    expect(failure.message).toContain('media_server_delete_disabled');
  });

  test('libraries keep movie and show sections with their locations', async () => {
    nock(BASE)
      .get('/library/sections')
      .reply(
        200,
        plexContainer('Directory', [
          {
            key: '1',
            title: 'Movies',
            type: 'movie',
            agent: 'tv.plex.agents.movie',
            Location: [{ id: 1, path: '/data/movies' }],
          },
          { key: '2', title: 'TV', type: 'show', Location: [{ id: 2, path: '/data/tv' }] },
          { key: '3', title: 'Music', type: 'artist', Location: [{ id: 3, path: '/data/music' }] },
        ]),
      );
    await expect(client().plex.libraries()).resolves.toEqual([
      { externalId: '1', name: 'Movies', mediaType: 'movie', locations: ['/data/movies'] },
      { externalId: '2', name: 'TV', mediaType: 'series', locations: ['/data/tv'] },
    ]);
  });

  test('a 5xx is retried and the retry succeeds', async () => {
    nock(BASE)
      .get('/identity')
      .reply(500)
      .get('/identity')
      .reply(200, {
        MediaContainer: {
          size: 0,
          claimed: true,
          machineIdentifier: 'abc123',
          version: '1.41.3.9314',
        },
      });
    await expect(client().plex.testConnection()).resolves.toMatchObject({
      serverId: 'abc123',
      version: '1.41.3.9314',
    });
  });

  test('a server that does not answer times out', async () => {
    nock(BASE).get('/identity').delay(2_000).reply(200, {});
    expect((await failureOf(client({ timeoutSeconds: 0.05 }).plex.testConnection())).code).toBe(
      'timeout',
    );
  });

  test('an invalid token is unauthorized', async () => {
    nock(BASE).get('/accounts').reply(401, '<html><head><title>Unauthorized</title></head></html>');
    expect((await failureOf(client().plex.users())).code).toBe('unauthorized');
  });

  test('an XML answer (Accept ignored by a proxy) is an invalid response', async () => {
    nock(BASE)
      .get('/library/sections')
      .reply(200, '<?xml version="1.0"?><MediaContainer size="0"></MediaContainer>');
    expect((await failureOf(client().plex.libraries())).code).toBe('invalid_response');
  });
});
