import type { InternalApi } from '@mcs/contracts';
import { ADMIN, USER } from './support/api';
import { newMovie, newSeries } from './support/factories';
import { deliver, jellyfinUser, plexUser, request, requestsOf, watchItem } from './support/inputs';
import { useWorld } from './support/world';

/** The rule editor's value lookups over live media (internal-api.md 10, seed rule 4, IA#31). */
const world = useWorld();

type Schemas = InternalApi.components['schemas'];

/** A live item whose facts carry `patch`. */
async function item(mediaType: 'movie' | 'series', patch: Record<string, unknown>) {
  const { db } = world.service;
  const facts = mediaType === 'movie' ? await newMovie(db) : await newSeries(db);
  await db.$executeRaw`
    UPDATE media_items SET facts = facts || ${JSON.stringify(patch)}::jsonb
     WHERE media_type = ${mediaType} AND media_id = ${facts.media_id}`;
  return facts;
}

const get = async <T>(url: string) => {
  const reply = await world.api<T>('GET', url, { principal: ADMIN });
  expect(reply.status).toBe(200);
  return reply.body;
};

beforeAll(async () => {
  const fightClub = { tmdb_collection_id: 10, name: 'Fight Collection' };
  await item('movie', {
    genres: ['Drama', 'Thriller'],
    original_language: 'eng',
    origin_countries: ['US', 'DE'],
    media_server_collections: ['Favourites'],
    collection: fightClub,
  });
  await item('movie', {
    genres: ['Drama'],
    original_language: 'jpn',
    origin_countries: ['JP'],
    collection: fightClub,
  });
  await item('movie', { genres: ['Anime'], original_language: 'jpn', collection: null });
  await item('series', {
    genres: ['Drama', 'Sci-Fi'],
    original_language: 'eng',
    origin_countries: ['GB'],
    media_server_collections: ['Favourites', 'Space'],
  });
  const gone = await item('movie', { genres: ['Horror'], original_language: 'fra' });
  await world.service.db.mediaItem.updateMany({
    where: { mediaId: BigInt(gone.media_id) },
    data: { removedAt: new Date() },
  });
});

test('genres count live items per name, by media type and search; removed media count for nothing', async () => {
  expect(await get('/api/rules/genres')).toEqual({
    items: [
      { name: 'Anime', count: 1 },
      { name: 'Drama', count: 3 },
      { name: 'Sci-Fi', count: 1 },
      { name: 'Thriller', count: 1 },
    ],
  });
  expect(await get('/api/rules/genres?media_type=series&search=dra')).toEqual({
    items: [{ name: 'Drama', count: 1 }],
  });
});

test('IA#31: original languages are ISO 639-3 codes with names, searched by code or name and paged', async () => {
  const page = await get<Schemas['CodeCountPage']>(
    '/api/rules/original-languages?media_type=movie&search=eng&per_page=1',
  );
  expect(page).toEqual({
    items: [{ code: 'eng', name: 'English', count: 1 }],
    total: 1,
    page: 1,
    per_page: 1,
    total_pages: 1,
  });
  const all = await get<Schemas['CodeCountPage']>(
    '/api/rules/original-languages?per_page=1&page=2',
  );
  expect(all).toMatchObject({ total: 2, items: [{ code: 'jpn', name: 'Japanese', count: 2 }] });
  const byName = await get<Schemas['CodeCountPage']>('/api/rules/original-languages?search=japan');
  expect(byName.items.map((language) => language.code)).toEqual(['jpn']);
});

test('IA#31: origin countries take the same parameters', async () => {
  const page = await get<Schemas['CodeCountPage']>(
    '/api/rules/origin-countries?media_type=movie&per_page=2',
  );
  expect(page).toMatchObject({ total: 3, total_pages: 2 });
  expect(page.items).toEqual([
    { code: 'DE', name: 'Germany', count: 1 },
    { code: 'JP', name: 'Japan', count: 1 },
  ]);
  const search = await get<Schemas['CodeCountPage']>('/api/rules/origin-countries?search=king');
  expect(search.items).toEqual([{ code: 'GB', name: 'United Kingdom', count: 1 }]);
});

test('media-server collections and TMDB movie collections', async () => {
  expect(await get('/api/rules/media-server-collections')).toEqual({
    items: [
      { name: 'Favourites', item_count: 2 },
      { name: 'Space', item_count: 1 },
    ],
  });
  expect(await get('/api/rules/movie-collections?search=fight')).toEqual({
    items: [{ tmdb_collection_id: 10, name: 'Fight Collection', movie_count: 2 }],
    total: 1,
    page: 1,
    per_page: 50,
    total_pages: 1,
  });
  expect(await get('/api/rules/movie-collections?search=nothing')).toMatchObject({
    items: [],
    total: 0,
  });
});

test('seed rule 4: the lookups are for administrators only; bad parameters are 422', async () => {
  for (const url of [
    '/api/rules/genres',
    '/api/rules/original-languages',
    '/api/rules/origin-countries',
    '/api/rules/media-server-collections',
    '/api/rules/movie-collections',
    '/api/rules/seerr-users',
    '/api/rules/playback-users',
  ]) {
    expect((await world.api('GET', url, { principal: USER })).status).toBe(403);
    const tooLong = `${url}?search=${'x'.repeat(201)}`;
    expect((await world.api('GET', tooLong, { principal: ADMIN })).status).toBe(422);
  }
});

test('requesters: the newest identities per Seerr user, with their request count, searched and paged', async () => {
  const first = await newMovie(world.service.db);
  const second = await newMovie(world.service.db);
  const older = { requested_at: '2025-01-01T00:00:00.000Z' };
  await deliver(world, 'media.requests_changed', {
    items: [
      ...requestsOf(first, [request(7, { display_name: 'Zoe Old', email: 'z@x' }, older)]).items,
      ...requestsOf(second, [
        request(7, { display_name: 'Zoe', jellyfin_username: 'zoe' }),
        request(8, { display_name: 'Adam', plex_username: 'adam.p' }),
      ]).items,
    ],
  });
  const page = await get<Schemas['SeerrUserPage']>('/api/rules/seerr-users?per_page=1');
  expect(page).toMatchObject({ total: 2, total_pages: 2 });
  expect(page.items).toEqual([
    {
      key: '9:8',
      service_config_id: 9,
      seerr_user_id: 8,
      display_name: 'Adam',
      username: null,
      email: null,
      plex_username: 'adam.p',
      jellyfin_username: null,
      request_count: 1,
    },
  ]);
  const zoe = await get<Schemas['SeerrUserPage']>('/api/rules/seerr-users?search=ZOE');
  expect(zoe.items.map((u) => [u.key, u.display_name, u.request_count])).toEqual([
    ['9:7', 'Zoe', 2],
  ]);
});

test('playback users: every account catalog named, by server, filtered by server and searched', async () => {
  const movie = await newMovie(world.service.db);
  await deliver(world, 'media.watch_data_changed', {
    items: [watchItem(movie, [])],
    playback_users: [
      jellyfinUser(3, 'jf-1', { username: 'mia' }),
      plexUser(2, '55', { username: 'Mark', email: 'mark@example.com' }),
    ],
  });
  const all = await get<Schemas['PlaybackUserList']>('/api/rules/playback-users');
  expect(all.items.map((u) => [u.key, u.server_type, u.server_name, u.username])).toEqual([
    ['2:55', 'plex', 'plex 2', 'Mark'],
    ['3:jf-1', 'jellyfin', 'jellyfin 3', 'mia'],
  ]);
  const byServer = await get<Schemas['PlaybackUserList']>(
    '/api/rules/playback-users?service_config_id=3',
  );
  expect(byServer.items.map((u) => u.key)).toEqual(['3:jf-1']);
  // An id beyond int's range is no server of ours, not a failed statement.
  const none = await get<Schemas['PlaybackUserList']>(
    '/api/rules/playback-users?service_config_id=9007199254740991',
  );
  expect(none.items).toEqual([]);
  const searched = await get<Schemas['PlaybackUserList']>(
    '/api/rules/playback-users?search=EXAMPLE',
  );
  expect(searched.items.map((u) => u.key)).toEqual(['2:55']);
});
