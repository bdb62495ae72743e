import nock from 'nock';
import { JellyfinClient } from '../../src/integrations/jellyfin';
import {
  episodeItem,
  mediaSource,
  movieItem,
  queryResult,
  videoStream,
} from './factories/jellyfin';
import { API_KEY, collect, failureOf, testConfig } from './support';
import { useNock } from './use-nock';

const BASE = 'http://jellyfin.test:8096';
const LIBRARY = '7e64e319657a9516ec78490da03edccb';

useNock();

function client(extra: Parameters<typeof testConfig>[1] = {}) {
  const config = testConfig(BASE, extra);
  return { config, jellyfin: new JellyfinClient({ ...config, pageSize: 2 }) };
}

function itemsPage(start: number, items: unknown[], total: number) {
  return nock(BASE)
    .get('/Items')
    .query((q) => q.StartIndex === String(start) && q.Limit === '2' && q.ParentId === LIBRARY)
    .reply(200, queryResult(items, total, start));
}

describe('Jellyfin client', () => {
  test('the connection test returns the server identity and authenticates with the MediaBrowser header', async () => {
    nock(BASE)
      .get('/System/Info')
      .matchHeader(
        'authorization',
        (value) =>
          value.startsWith('MediaBrowser Client="MediaCleanupService"') &&
          value.includes(`Token="${API_KEY}"`),
      )
      .reply(200, {
        Id: 'srv1',
        ServerName: 'living-room',
        Version: '10.10.3',
        OperatingSystem: 'Linux',
      });
    await expect(client().jellyfin.testConnection()).resolves.toEqual({
      serverId: 'srv1',
      name: 'living-room',
      version: '10.10.3',
    });
  });

  test('an Emby server is addressed with X-Emby-Token under its /emby prefix', async () => {
    nock(`${BASE}`)
      .get('/emby/System/Info')
      .matchHeader('x-emby-token', API_KEY)
      .reply(200, { Id: 'e1', ServerName: 'emby', Version: '4.8.10.0' });
    const emby = new JellyfinClient({ ...testConfig(`${BASE}/emby`), flavor: 'emby' });
    await expect(emby.testConnection()).resolves.toMatchObject({ version: '4.8.10.0' });
  });

  test('movies are read page by page until the reported total and normalized', async () => {
    const sdr = movieItem({
      ProviderIds: { Tmdb: '603', Imdb: 'tt0133093' },
      MediaSources: [
        mediaSource('/media/movies/The Matrix (1999)/The Matrix (1999).mp4', {
          Container: 'mov,mp4,m4a,3gp,3g2,mj2',
          MediaStreams: [
            videoStream({
              Codec: 'h264',
              VideoRange: 'SDR',
              VideoRangeType: 'SDR',
              Width: 1920,
              Height: 800,
            }),
          ],
        }),
        mediaSource('/media/movies/The Matrix (1999)/The Matrix (1999) - 2160p.mkv', {
          MediaStreams: [videoStream({ VideoRangeType: 'DOVIWithHDR10' })],
        }),
      ],
    });
    itemsPage(0, [movieItem(), sdr], 5);
    itemsPage(2, [movieItem(), movieItem()], 5);
    itemsPage(4, [movieItem({ Name: 'Last' })], 5);

    const movies = await collect(client().jellyfin.movies(LIBRARY));

    expect(movies).toHaveLength(5);
    expect(movies[4]?.title).toBe('Last');
    expect(movies[0]).toMatchObject({
      title: 'Blade Runner 2049',
      year: 2017,
      providerIds: { tmdb: 335984, imdb: 'tt1856101', tvdb: null },
      addedAt: new Date('2023-04-12T19:22:31Z'),
      genres: ['Science Fiction', 'Drama'],
    });
    expect(movies[0]?.files[0]).toMatchObject({
      fileName: 'Blade Runner 2049 (2017).mkv',
      sizeBytes: 48_318_382_080,
      durationMs: 8_160_000,
      container: 'mkv',
      resolution: '2160p',
      videoCodec: 'hevc',
      hdr: true,
      dolbyVision: false,
      bitrateKbps: 60_123,
    });
    expect(movies[1]?.files.map((f) => [f.container, f.resolution, f.hdr, f.dolbyVision])).toEqual([
      ['mp4', '1080p', false, false],
      ['mkv', '2160p', true, true],
    ]);
  });

  test('an empty page before the reported total ends the enumeration as incomplete', async () => {
    itemsPage(0, [movieItem(), movieItem()], 6);
    itemsPage(2, [], 6);
    itemsPage(4, [movieItem(), movieItem()], 6);
    const seen: number[] = [];
    const failure = await failureOf(async () => {
      for await (const page of client().jellyfin.movies(LIBRARY)) seen.push(page.length);
    });
    expect(failure.code).toBe('incomplete');
    expect(seen).toEqual([2]);
  });

  test('a library the server reports as empty is a complete, empty enumeration', async () => {
    itemsPage(0, [], 0);
    await expect(collect(client().jellyfin.movies(LIBRARY))).resolves.toEqual([]);
  });

  test('sentinel and implausible dates become unknown and are counted', async () => {
    itemsPage(
      0,
      [
        movieItem({ DateCreated: '0001-01-01T00:00:00.0000000Z' }),
        movieItem({ DateCreated: '2031-01-01T00:00:00Z' }),
      ],
      2,
    );
    const { jellyfin, config } = client();
    const movies = await collect(jellyfin.movies(LIBRARY));
    expect(movies.map((m) => m.addedAt)).toEqual([null, null]);
    expect(movies[0]?.files[0]?.addedAt).toBeNull();
    expect(config.dates.invalid.get('added_at')).toBe(2);
  });

  test('episodes carry series, season and episode numbers, including multi-episode files', async () => {
    nock(BASE)
      .get('/Items')
      .query((q) => q.IncludeItemTypes === 'Episode' && q.IsMissing === 'false')
      .reply(
        200,
        queryResult(
          [
            episodeItem(),
            episodeItem({
              IndexNumber: 2,
              IndexNumberEnd: 3,
              PremiereDate: '0001-01-01T00:00:00.0000000Z',
            }),
          ],
          2,
        ),
      );
    const episodes = await collect(client().jellyfin.episodes(LIBRARY));
    expect(episodes[0]).toMatchObject({
      seasonNumber: 1,
      episodeNumber: 1,
      episodeNumberEnd: null,
      airDate: new Date('2022-02-18T00:00:00Z'),
    });
    expect(episodes[0]?.files[0]).toMatchObject({
      resolution: '1080p',
      videoCodec: 'h264',
      hdr: false,
      durationMs: 3_420_000,
    });
    expect(episodes[1]).toMatchObject({ episodeNumber: 2, episodeNumberEnd: 3, airDate: null });
  });

  test("a user's played items become watch states with play counts", async () => {
    nock(BASE)
      .get('/Users/u1/Items')
      .query(
        (q) =>
          q.Filters === 'IsPlayed' &&
          q.IncludeItemTypes === 'Movie,Episode' &&
          q.StartIndex === '0',
      )
      .reply(
        200,
        queryResult(
          [
            movieItem({
              Id: 'm1',
              UserData: {
                PlayCount: 3,
                LastPlayedDate: '2025-05-30T21:10:00.0000000Z',
                Played: true,
                IsFavorite: false,
              },
            }),
            episodeItem({
              Id: 'e1',
              UserData: { PlayCount: 1, LastPlayedDate: '1970-01-01T00:00:00Z', Played: true },
            }),
          ],
          2,
        ),
      );
    await expect(collect(client().jellyfin.watchStates('u1'))).resolves.toEqual([
      {
        userExternalId: 'u1',
        itemExternalId: 'm1',
        itemKind: 'movie',
        playCount: 3,
        lastPlayedAt: new Date('2025-05-30T21:10:00Z'),
        completed: true,
      },
      {
        userExternalId: 'u1',
        itemExternalId: 'e1',
        itemKind: 'episode',
        playCount: 1,
        lastPlayedAt: null,
        completed: true,
      },
    ]);
  });

  test('libraries other than movies and shows are left out', async () => {
    nock(BASE)
      .get('/Library/VirtualFolders')
      .reply(200, [
        { Name: 'Movies', Locations: ['/media/movies'], CollectionType: 'movies', ItemId: 'lib1' },
        { Name: 'Shows', Locations: ['/media/tv'], CollectionType: 'tvshows', ItemId: 'lib2' },
        { Name: 'Music', Locations: ['/media/music'], CollectionType: 'music', ItemId: 'lib3' },
      ]);
    const libraries = await client().jellyfin.libraries();
    expect(libraries.map((l) => [l.externalId, l.mediaType])).toEqual([
      ['lib1', 'movie'],
      ['lib2', 'series'],
    ]);
  });
});
