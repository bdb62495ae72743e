import type { InternalApi } from '@mcs/contracts';
import { DAY } from '@mcs/kit/testing';
import { ADMIN, USER } from './support/api';
import {
  episodeTarget,
  newCandidate,
  newMovie,
  newProtection,
  newSeries,
  seasonTarget,
  versionTarget,
} from './support/factories';
import { useWorld } from './support/world';

/** GET /api/media/candidates: the Candidates page, groups of a movie or a series (seed rule 1). */
const world = useWorld();
type Page = InternalApi.components['schemas']['CandidateGroupPage'];

const list = async (query = '', principal = USER) => {
  const reply = await world.api<Page>('GET', `/api/media/candidates${query}`, { principal });
  expect(reply.status).toBe(200);
  return reply.body;
};
const shape = (page: Page) =>
  page.items.map((group) => [group.title, group.candidates.map((c) => c.id)]);

const ids: Record<string, number> = {};

beforeAll(async () => {
  const { db } = world.service;
  const base = Date.now() - 10 * DAY;
  const at = (days: number) => ({ createdAt: new Date(base + days * DAY) });
  const heat = await newMovie(db, { title: 'Heat', versions: 2 });
  const alien = await newMovie(db, { title: 'Alien' });
  const dark = await newSeries(db, { title: 'Dark', episodes: [2, 1] });
  ids.heat1 = await newCandidate(db, versionTarget(heat, 0), { ...at(1), matchedRuleIds: [6] });
  ids.heat2 = await newCandidate(db, versionTarget(heat, 1), { ...at(5), matchedRuleIds: [16] });
  ids.alien = await newCandidate(db, versionTarget(alien), { ...at(3), matchedRuleIds: [6, 8] });
  ids.season = await newCandidate(db, seasonTarget(dark, 1), { ...at(2), matchedRuleIds: [8] });
  ids.episode = await newCandidate(db, episodeTarget(dark, 0), { ...at(4), matchedRuleIds: [8] });
  await newProtection(db, versionTarget(alien));
});

test('groups keep a movie’s versions and a series’ seasons and episodes together, newest group first', async () => {
  const page = await list();
  expect(page).toMatchObject({ total: 3, page: 1 });
  expect(shape(page)).toEqual([
    ['Heat', [ids.heat2, ids.heat1]],
    ['Dark', [ids.episode, ids.season]],
    ['Alien', [ids.alien]],
  ]);
  expect(page.items[0]).toMatchObject({ media_type: 'movie', year: 1999, poster_url: null });
  expect(page.items[1]?.candidates.map((c) => c.scope)).toEqual(['episode', 'season']);
});

test('rule_id is exact membership, applied before grouping; paging counts groups', async () => {
  // Heat's newest candidate is [16]: filtered out first, its group then sorts by day 1.
  expect(shape(await list('?rule_id=6'))).toEqual([
    ['Alien', [ids.alien]],
    ['Heat', [ids.heat1]],
  ]);
  const second = await list('?per_page=1&page=2');
  expect(second).toMatchObject({ total: 3, total_pages: 3 });
  expect(shape(second)).toEqual([['Dark', [ids.episode, ids.season]]]);
});

test('search, blocked, media type and sorting', async () => {
  expect(shape(await list('?search=EA'))).toEqual([['Heat', [ids.heat2, ids.heat1]]]);
  expect(shape(await list('?blocked=true'))).toEqual([['Alien', [ids.alien]]]);
  expect((await list('?blocked=false')).total).toBe(2);
  expect(shape(await list('?media_type=series'))).toEqual([['Dark', [ids.episode, ids.season]]]);
  expect((await list('?sort_by=title&sort_order=asc')).items.map((g) => g.title)).toEqual([
    'Alien',
    'Dark',
    'Heat',
  ]);
  // Oldest first: a group's place is its oldest candidate then.
  expect((await list('?sort_order=asc')).items.map((g) => g.title)).toEqual([
    'Heat',
    'Dark',
    'Alien',
  ]);
});

test('bad parameters are 422 naming them', async () => {
  const reply = await world.api<{ errors: { name: string }[] }>(
    'GET',
    '/api/media/candidates?sort_by=rating&blocked=maybe',
    { principal: ADMIN },
  );
  expect(reply.status).toBe(422);
  expect(reply.body.errors.map((e) => e.name).sort()).toEqual(['blocked', 'sort_by']);
});
