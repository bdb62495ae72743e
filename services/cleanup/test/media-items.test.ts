import type { InternalApi } from '@mcs/contracts';
import { DAY } from '@mcs/kit/testing';
import { ADMIN, USER, type Problem } from './support/api';
import {
  episodeTarget,
  newCandidate,
  newMovie,
  newProtection,
  newSeries,
  seasonTarget,
  versionTarget,
  type Movie,
  type Series,
} from './support/factories';
import { publishSettings } from './support/settings';
import { useWorld } from './support/world';

/** GET /api/media/items and its detail (internal-api.md 8): the media browser. */
const world = useWorld();
type Schemas = InternalApi.components['schemas'];
type Page = Schemas['MediaItemPage'];
type Detail = Schemas['MediaItemDetail'];

const get = async <T>(url: string, principal = USER) => {
  const reply = await world.api<T & Problem>('GET', url, { principal });
  return reply;
};
const titles = (page: Page) => page.items.map((item) => item.title);

let heat: Movie;
let dark: Series;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const { db } = world.service;
  heat = await newMovie(db, { title: 'Heat', versions: 2 });
  dark = await newSeries(db, { title: 'Dark', episodes: [2, 1] });
  await newMovie(db, { title: 'Alien' });
  const gone = await newMovie(db, { title: 'Zodiac' });
  await db.mediaItem.update({
    where: { mediaType_mediaId: { mediaType: 'movie', mediaId: BigInt(gone.media_id) } },
    data: { removedAt: new Date() },
  });
  ids.heat = await newCandidate(db, versionTarget(heat, 1));
  ids.heatProtection = await newProtection(db, versionTarget(heat, 0));
  ids.timed = await newProtection(db, versionTarget(heat, 1), {
    expiresAt: new Date(Date.now() + DAY),
    createdAt: new Date(Date.now() - 2 * DAY),
  });
  ids.lapsed = await newProtection(db, versionTarget(heat, 1), {
    expiresAt: new Date(Date.now() - DAY),
    createdAt: new Date(Date.now() - 3 * DAY),
  });
  ids.season = await newCandidate(db, seasonTarget(dark, 1));
  ids.episodeProtection = await newProtection(db, episodeTarget(dark, 0));
});

test('items are listed by title with their size, candidates and active protections', async () => {
  const { status, body } = await get<Page>('/api/media/items');
  expect(status).toBe(200);
  expect(body).toMatchObject({ total: 3, page: 1 });
  expect(titles(body)).toEqual(['Alien', 'Dark', 'Heat']);
  const byTitle = Object.fromEntries(body.items.map((item) => [item.title, item]));
  expect(byTitle.Heat).toEqual({
    media_type: 'movie',
    media_id: heat.media_id,
    title: 'Heat',
    year: 1999,
    tmdb_id: heat.tmdb_id,
    poster_url: null,
    size_bytes: 40_000_000_000,
    candidate_ids: [ids.heat],
    protection_ids: [ids.heatProtection, ids.timed],
    removed_at: null,
  });
  expect(byTitle.Dark).toMatchObject({
    size_bytes: 3_000_000_000,
    candidate_ids: [ids.season],
    protection_ids: [ids.episodeProtection],
  });
  expect(byTitle.Alien).toMatchObject({ candidate_ids: [], protection_ids: [] });
});

test('search, media type, paging and removed items filter the list', async () => {
  expect(titles((await get<Page>('/api/media/items?search=EA')).body)).toEqual(['Heat']);
  expect(titles((await get<Page>('/api/media/items?media_type=series')).body)).toEqual(['Dark']);
  const removed = (await get<Page>('/api/media/items?include_removed=true')).body;
  expect(titles(removed)).toEqual(['Alien', 'Dark', 'Heat', 'Zodiac']);
  expect(removed.items[3]?.removed_at).toEqual(expect.any(String));
  const second = (await get<Page>('/api/media/items?per_page=2&page=2')).body;
  expect([titles(second), second.total, second.total_pages]).toEqual([['Heat'], 3, 2]);
  const bad = await get<Page>('/api/media/items?media_type=book');
  expect([bad.status, bad.body.code]).toEqual([422, 'validation_failed']);
});

test('a movie shows its versions by file name only, its candidates and protections', async () => {
  const { status, body } = await get<Detail>(`/api/media/items/movie/${heat.media_id}`);
  expect(status).toBe(200);
  expect(body.versions).toEqual(
    heat.versions.map((version) => ({
      id: version.version_id,
      file_name: version.file_name,
      size_bytes: 20_000_000_000,
      resolution: '1080p',
      video_codec: 'hevc',
      hdr: false,
      dolby_vision: false,
      added_at: null,
    })),
  );
  expect(body.seasons).toEqual([]);
  expect(body.candidates.map((c) => c.id)).toEqual([ids.heat]);
  expect(body.protections.map((p) => p.id).sort()).toEqual([ids.heatProtection, ids.timed]);
  expect(body.protections.map((p) => p.id)).not.toContain(ids.lapsed);
  expect(JSON.stringify(body)).not.toContain('/media/movies');
});

test('a series shows its seasons with their episodes in order', async () => {
  const { body } = await get<Detail>(`/api/media/items/series/${dark.media_id}`);
  expect(body.versions).toEqual([]);
  expect(
    body.seasons.map((season) => [
      season.season_number,
      season.episodes.map((e) => [e.episode_number, e.has_file]),
    ]),
  ).toEqual([
    [
      1,
      [
        [1, true],
        [2, true],
      ],
    ],
    [2, [[1, true]]],
  ]);
  expect(body.candidates.map((c) => c.scope)).toEqual(['season']);
  expect(body.protections.map((p) => p.scope)).toEqual(['episode']);
});

test('an unknown item is 404, and an admin sees the same as a user', async () => {
  const missing = await get<Detail>('/api/media/items/movie/999999');
  expect([missing.status, missing.body.code]).toEqual([404, 'not_found']);
  const asAdmin = await get<Detail>(`/api/media/items/movie/${heat.media_id}`, ADMIN);
  const asUser = await get<Detail>(`/api/media/items/movie/${heat.media_id}`);
  expect(asAdmin.body).toEqual(asUser.body);
});

test('without Candidates-page access a user sees the items but not their candidates', async () => {
  await publishSettings(world, 2, { users_can_view_candidates: false });
  const list = (await get<Page>('/api/media/items?search=heat')).body;
  expect(list.items[0]).toMatchObject({
    candidate_ids: [],
    protection_ids: [ids.heatProtection, ids.timed],
  });
  const detail = (await get<Detail>(`/api/media/items/movie/${heat.media_id}`)).body;
  expect([detail.candidates, detail.versions.length]).toEqual([[], 2]);
  const asAdmin = (await get<Detail>(`/api/media/items/movie/${heat.media_id}`, ADMIN)).body;
  expect(asAdmin.candidates.map((c) => c.id)).toEqual([ids.heat]);
});
