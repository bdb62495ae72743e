import type { Candidate, CandidatePage } from '../services/cleanup/test/support/api';
import * as seed from '../services/cleanup/test/support/factories';
import { DAY, useStack } from './support/cleanup-e2e';

/**
 * Issue 5 acceptance, black-box through the gateway: the candidate list, its paging and its
 * filters (external-api.md 1.5 and 2.3, EA#16-20). This file's database is its own, and each
 * test starts with no candidates, so every count is exact.
 */
const stack = useStack();

beforeEach(async () => {
  await stack.db.candidate.deleteMany();
});

const list = async (query = '') => {
  const reply = await stack.call('GET', `/api/v1/candidates${query}`, { token: stack.manage });
  expect(reply.status).toBe(200);
  return reply.body as unknown as CandidatePage;
};
const ids = async (query: string) => (await list(query)).items.map((c) => c.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

test('EA#17: with no candidates the list is empty, total 0 and total_pages 0', async () => {
  expect(await list()).toEqual({ items: [], total: 0, page: 1, per_page: 50, total_pages: 0 });
});

test('EA#17: 101 candidates at per_page=50 → total 101, 3 pages of 50, 50 and 1', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 101 });
  for (let i = 0; i < 101; i += 1) await seed.newCandidate(stack.db, seed.versionTarget(movie, i));
  const first = await list('?per_page=50');
  expect(first).toMatchObject({ total: 101, page: 1, per_page: 50, total_pages: 3 });
  expect(first.items).toHaveLength(50);
  expect((await list('?per_page=50&page=3')).items).toHaveLength(1);
  const all = [
    ...first.items,
    ...(await list('?per_page=50&page=2')).items,
    ...(await list('?per_page=50&page=3')).items,
  ];
  expect(new Set(all.map((c) => c.id)).size).toBe(101);
});

test('EA#16: per_page=200 → 200 with every candidate; a page far past the end → items [] and the true total', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 3 });
  for (let i = 0; i < 3; i += 1) await seed.newCandidate(stack.db, seed.versionTarget(movie, i));
  expect(await list('?per_page=200')).toMatchObject({ total: 3, per_page: 200, total_pages: 1 });
  expect((await list('?per_page=200')).items).toHaveLength(3);
  expect(await list('?page=9999')).toEqual({
    items: [],
    total: 3,
    page: 9999,
    per_page: 50,
    total_pages: 1,
  });
});

test('EA#15: per_page=201, per_page=0 and page=0 → 422 validation_failed naming the parameter', async () => {
  for (const [query, name] of [
    ['per_page=201', 'per_page'],
    ['per_page=0', 'per_page'],
    ['page=0', 'page'],
  ]) {
    const reply = await stack.call('GET', `/api/v1/candidates?${query}`, { token: stack.manage });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({
      code: 'validation_failed',
      errors: [expect.objectContaining({ in: 'query', name })],
    });
  }
});

test('EA#18: auto_delete_state=canceled returns only canceled candidates and total counts only them', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 6 });
  const now = Date.now();
  const canceled = [
    await seed.newCandidate(stack.db, seed.versionTarget(movie, 0), { cancelledAt: new Date(now) }),
    await seed.newCandidate(stack.db, seed.versionTarget(movie, 1), { cancelledAt: new Date(now) }),
  ];
  const scheduled = await seed.newCandidate(stack.db, seed.versionTarget(movie, 2));
  const eligible = await seed.newCandidate(stack.db, seed.versionTarget(movie, 3), {
    createdAt: new Date(now - 20 * DAY),
  });
  const postponed = await seed.newCandidate(stack.db, seed.versionTarget(movie, 4), {
    postponedUntil: new Date(now + 30 * DAY),
  });
  const disabled = await seed.newCandidate(stack.db, seed.versionTarget(movie, 5), {
    configured: false,
  });
  const page = await list('?auto_delete_state=canceled&per_page=1');
  expect(page).toMatchObject({ total: 2, total_pages: 2 });
  expect(page.items.map((c) => c.auto_delete_state)).toEqual(['canceled']);
  expect(sorted(await ids('?auto_delete_state=canceled'))).toEqual(sorted(canceled));
  for (const [state, id] of [
    ['scheduled', scheduled],
    ['eligible', eligible],
    ['postponed', postponed],
    ['disabled', disabled],
  ] as const) {
    expect(await list(`?auto_delete_state=${state}`)).toMatchObject({
      total: 1,
      items: [{ id, auto_delete_state: state }],
    });
  }
  const invalid = await stack.call('GET', '/api/v1/candidates?auto_delete_state=deleted', {
    token: stack.manage,
  });
  expect(invalid.status).toBe(422);
});

test('EA#19: rule_id=6 returns the candidate with [6, 8] and not the one with [16]', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 2 });
  const six = await seed.newCandidate(stack.db, seed.versionTarget(movie, 0), {
    matchedRuleIds: [8, 6],
  });
  const sixteen = await seed.newCandidate(stack.db, seed.versionTarget(movie, 1), {
    matchedRuleIds: [16],
  });
  const page = await list('?rule_id=6');
  expect(page).toMatchObject({ total: 1, items: [{ id: six, matched_rule_ids: [6, 8] }] });
  expect(await ids('?rule_id=16')).toEqual([sixteen]);
  expect(await ids('?rule_id=1')).toEqual([]);
});

test('media_type, tmdb_id, series_id, season_number and episode_number narrow the list (AND)', async () => {
  const movie = await seed.newMovie(stack.db);
  const series = await seed.newSeries(stack.db, { episodes: [2, 1] });
  const other = await seed.newSeries(stack.db, { episodes: [2] });
  const version = await seed.newCandidate(stack.db, seed.versionTarget(movie));
  const wholeSeries = await seed.newCandidate(stack.db, seed.seriesTarget(series));
  const season2 = await seed.newCandidate(stack.db, seed.seasonTarget(series, 1));
  const s1e2 = await seed.newCandidate(stack.db, seed.episodeTarget(series, 1));
  const otherS1e2 = await seed.newCandidate(stack.db, seed.episodeTarget(other, 1));
  expect(await ids('?media_type=movie')).toEqual([version]);
  expect(sorted(await ids('?media_type=series'))).toEqual(
    sorted([wholeSeries, season2, s1e2, otherS1e2]),
  );
  expect(await ids(`?tmdb_id=${series.tmdb_id}&media_type=movie`)).toEqual([]);
  expect(sorted(await ids(`?series_id=${series.media_id}`))).toEqual(
    sorted([wholeSeries, season2, s1e2]),
  );
  expect(await ids('?season_number=2')).toEqual([season2]);
  expect(sorted(await ids('?season_number=1'))).toEqual(sorted([s1e2, otherS1e2]));
  expect(sorted(await ids('?episode_number=2'))).toEqual(sorted([s1e2, otherS1e2]));
  expect(await ids(`?series_id=${other.media_id}&season_number=1&episode_number=2`)).toEqual([
    otherS1e2,
  ]);
  const page = await list(`?series_id=${series.media_id}&per_page=2`);
  expect(page).toMatchObject({ total: 3, total_pages: 2 });
});

test('EA#20: catalog_id filters like tmdb_id and no list or candidate carries catalog_id', async () => {
  const movie = await seed.newMovie(stack.db);
  const id = await seed.newCandidate(stack.db, seed.versionTarget(movie));
  const byAlias = await list(`?catalog_id=${movie.tmdb_id}`);
  expect(byAlias).toEqual(await list(`?tmdb_id=${movie.tmdb_id}`));
  expect(byAlias.items.map((c) => c.id)).toEqual([id]);
  const one = (await stack.call('GET', `/api/v1/candidates/${id}`, { token: stack.manage }))
    .body as unknown as Candidate;
  expect(Object.keys(one)).not.toContain('catalog_id');
  expect(one.tmdb_id).toBe(movie.tmdb_id);
});

test('the list is ordered by created_at descending, then id descending', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 3 });
  const now = Date.now();
  const older = await seed.newCandidate(stack.db, seed.versionTarget(movie, 0), {
    createdAt: new Date(now - DAY),
  });
  const a = await seed.newCandidate(stack.db, seed.versionTarget(movie, 1), {
    createdAt: new Date(now),
  });
  const b = await seed.newCandidate(stack.db, seed.versionTarget(movie, 2), {
    createdAt: new Date(now),
  });
  expect(await ids('')).toEqual([Math.max(a, b), Math.min(a, b), older]);
});
