import { DAY } from '@mcs/kit/testing';
import type { Candidate, CandidatePage } from './support/api';
import {
  episodeTarget,
  newCandidate,
  newMovie,
  newProtection,
  newSeries,
  seasonTarget,
  seriesTarget,
  versionTarget,
} from './support/factories';
import { useWorld } from './support/world';

const world = useWorld();
beforeEach(async () => {
  await world.service.db.candidate.deleteMany();
  await world.service.db.protection.deleteMany();
});

const list = async (query = '') => world.api<CandidatePage>('GET', `/api/v1/candidates${query}`);

test('EA#17: no candidates → total 0, total_pages 0; 101 candidates at 50 per page → 3 pages', async () => {
  expect((await list()).body).toEqual({
    items: [],
    total: 0,
    page: 1,
    per_page: 50,
    total_pages: 0,
  });
  const movie = await newMovie(world.service.db, { versions: 101 });
  for (let i = 0; i < 101; i += 1) await newCandidate(world.service.db, versionTarget(movie, i));
  expect((await list('?per_page=50')).body).toMatchObject({ total: 101, total_pages: 3 });
});

test('EA#16: per_page=200 is accepted; a page past the end is empty with the true total', async () => {
  const movie = await newMovie(world.service.db, { versions: 3 });
  for (let i = 0; i < 3; i += 1) await newCandidate(world.service.db, versionTarget(movie, i));
  expect((await list('?per_page=200')).body.items).toHaveLength(3);
  expect((await list('?page=99')).body).toMatchObject({ items: [], total: 3, page: 99 });
});

test('EA#15: out-of-range paging and unknown enum values → 422 naming each parameter', async () => {
  const response = await list('?per_page=201&page=0&auto_delete_state=deleted');
  expect(response.status).toBe(422);
  expect(response.body.code).toBe('validation_failed');
  expect(response.body.errors?.map((e) => e.name).sort()).toEqual([
    'auto_delete_state',
    'page',
    'per_page',
  ]);
});

test('the list is ordered newest first, then by id descending', async () => {
  const movie = await newMovie(world.service.db, { versions: 3 });
  const now = world.clock.now();
  const older = await newCandidate(world.service.db, versionTarget(movie, 0), {
    createdAt: new Date(now.getTime() - DAY),
  });
  const a = await newCandidate(world.service.db, versionTarget(movie, 1), { createdAt: now });
  const b = await newCandidate(world.service.db, versionTarget(movie, 2), { createdAt: now });
  expect((await list()).body.items.map((c) => c.id)).toEqual([b, a, older]);
});

test('EA#18: auto_delete_state filters in the query and total counts only matching ones', async () => {
  const movie = await newMovie(world.service.db, { versions: 3 });
  const canceled = await newCandidate(world.service.db, versionTarget(movie, 0), {
    cancelledAt: world.clock.now(),
  });
  await newCandidate(world.service.db, versionTarget(movie, 1));
  await newCandidate(world.service.db, versionTarget(movie, 2), { configured: false });
  const response = await list('?auto_delete_state=canceled&per_page=1');
  expect(response.body).toMatchObject({ total: 1, total_pages: 1 });
  expect(response.body.items.map((c) => c.id)).toEqual([canceled]);
  expect((await list('?auto_delete_state=disabled')).body.total).toBe(1);
  expect((await list('?auto_delete_state=scheduled')).body.total).toBe(1);
});

test('EA#19: rule_id matches exact membership: 6 finds [6, 8] and not [16]', async () => {
  const movie = await newMovie(world.service.db, { versions: 2 });
  const six = await newCandidate(world.service.db, versionTarget(movie, 0), {
    matchedRuleIds: [8, 6],
  });
  await newCandidate(world.service.db, versionTarget(movie, 1), { matchedRuleIds: [16] });
  const response = await list('?rule_id=6');
  expect(response.body.items.map((c) => c.id)).toEqual([six]);
  expect(response.body.items[0]?.matched_rule_ids).toEqual([6, 8]);
});

test('media_type, tmdb_id, series_id, season_number and episode_number narrow the list', async () => {
  const db = world.service.db;
  const movie = await newMovie(db);
  const series = await newSeries(db, { episodes: [2, 1] });
  const other = await newSeries(db, { episodes: [1] });
  const version = await newCandidate(db, versionTarget(movie));
  const wholeSeries = await newCandidate(db, seriesTarget(series));
  const season2 = await newCandidate(db, seasonTarget(series, 1));
  const s1e2 = await newCandidate(db, episodeTarget(series, 1));
  const otherEpisode = await newCandidate(db, episodeTarget(other, 0));
  const ids = async (query: string) => (await list(query)).body.items.map((c) => c.id).sort();
  expect(await ids('?media_type=movie')).toEqual([version]);
  expect(await ids(`?tmdb_id=${movie.tmdb_id}`)).toEqual([version]);
  expect(await ids(`?series_id=${series.media_id}`)).toEqual([wholeSeries, season2, s1e2].sort());
  expect(await ids('?season_number=2')).toEqual([season2]);
  expect(await ids('?season_number=1&episode_number=2')).toEqual([s1e2]);
  expect(await ids(`?media_type=series&series_id=${other.media_id}`)).toEqual([otherEpisode]);
});

test('a candidate has every field, titles name season and episode, and never a catalog_id', async () => {
  const series = await newSeries(world.service.db, { title: 'The Expanse', episodes: [2] });
  const createdAt = world.clock.now();
  const id = await newCandidate(world.service.db, episodeTarget(series, 1), {
    matchedRuleIds: [5],
    createdAt,
  });
  const season = await newCandidate(world.service.db, seasonTarget(series));
  const response = await world.api<Candidate>('GET', `/api/v1/candidates/${id}`);
  expect(response.status).toBe(200);
  const episode = series.episodes[1];
  expect(response.body).toEqual({
    id,
    media_type: 'series',
    scope: 'episode',
    media_id: series.media_id,
    movie_version_id: null,
    series_id: series.media_id,
    season_id: episode?.season_id,
    season_number: 1,
    episode_id: episode?.episode_id,
    episode_number: 2,
    title: 'The Expanse S01E02',
    year: 1999,
    tmdb_id: series.tmdb_id,
    matched_rule_ids: [5],
    reason: 'Not watched for 400 days',
    delete_operation: 'delete',
    created_at: createdAt.toISOString(),
    auto_delete_state: 'scheduled',
    auto_delete_delay_days: 7,
    auto_delete_eligible_at: new Date(createdAt.getTime() + 7 * DAY).toISOString(),
    auto_delete_is_active: true,
    auto_delete_is_eligible: false,
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: null,
    auto_delete_timer_started_at: null,
    lifecycle_reason: null,
    lifecycle_updated_at: null,
    blockers: [],
  });
  expect((await world.api<Candidate>('GET', `/api/v1/candidates/${season}`)).body.title).toBe(
    'The Expanse S01',
  );
});

test('an unknown candidate is 404; a non-numeric id is 422 in the path', async () => {
  expect((await world.api('GET', '/api/v1/candidates/999999')).body).toMatchObject({
    status: 404,
    code: 'not_found',
    detail: 'Candidate 999999 was not found.',
  });
  const invalid = await world.api('GET', '/api/v1/candidates/abc');
  expect(invalid.status).toBe(422);
  expect(invalid.body.errors).toEqual([
    expect.objectContaining({ in: 'path', name: 'candidate_id' }),
  ]);
});

describe('the protected blocker (domain.md 5.4: overlap, active protections of any source)', () => {
  test('a season protection blocks its episodes and the series, not a sibling season', async () => {
    const db = world.service.db;
    const series = await newSeries(db, { episodes: [1, 1] });
    await newProtection(db, seasonTarget(series, 0), { source: 'rule' });
    const blockers = async (id: number) =>
      (await world.api<Candidate>('GET', `/api/v1/candidates/${id}`)).body.blockers;
    expect(await blockers(await newCandidate(db, episodeTarget(series, 0)))).toEqual(['protected']);
    expect(await blockers(await newCandidate(db, seriesTarget(series)))).toEqual(['protected']);
    expect(await blockers(await newCandidate(db, seasonTarget(series, 1)))).toEqual([]);
  });

  test('a whole-movie protection blocks its versions; a sibling version protection does not', async () => {
    const db = world.service.db;
    const movie = await newMovie(db, { versions: 2 });
    const first = await newCandidate(db, versionTarget(movie, 0));
    await newProtection(db, versionTarget(movie, 1));
    expect(
      (await world.api<Candidate>('GET', `/api/v1/candidates/${first}`)).body.blockers,
    ).toEqual([]);
    await newProtection(db, { ...versionTarget(movie), scope: 'movie', movieVersionId: null });
    expect(
      (await world.api<Candidate>('GET', `/api/v1/candidates/${first}`)).body.blockers,
    ).toEqual(['protected']);
  });

  test('an expired protection blocks nothing, at once', async () => {
    const db = world.service.db;
    const movie = await newMovie(db);
    const id = await newCandidate(db, versionTarget(movie));
    await newProtection(db, versionTarget(movie), {
      expiresAt: new Date(world.clock.now().getTime() + DAY),
    });
    expect((await world.api<Candidate>('GET', `/api/v1/candidates/${id}`)).body.blockers).toEqual([
      'protected',
    ]);
    world.clock.advance(DAY);
    expect((await world.api<Candidate>('GET', `/api/v1/candidates/${id}`)).body.blockers).toEqual(
      [],
    );
  });
});
