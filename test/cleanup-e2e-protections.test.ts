import type {
  ProtectedPage,
  Protection,
  ProtectionCreated,
  ProtectionPage,
} from '../services/cleanup/test/support/api';
import * as seed from '../services/cleanup/test/support/factories';
import { DAY, useStack } from './support/cleanup-e2e';

/**
 * Issue 5 acceptance, black-box through the gateway with a real API token: protections of the
 * external API (external-api.md 2.7, EA#35-42) — create-or-reuse, widening, coverage, expiry,
 * delete — each with exactly the events the broker delivered for it.
 */
const stack = useStack();

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const create = async (body: unknown) => {
  const reply = await stack.call('POST', '/api/v1/protections', { token: stack.manage, body });
  return { status: reply.status, body: reply.body as unknown as ProtectionCreated & Problem };
};
type Problem = { code?: string; errors?: { in: string; name: string }[] };
const get = (id: number) => stack.call('GET', `/api/v1/protections/${id}`, { token: stack.manage });
const remove = (id: number) =>
  stack.call('DELETE', `/api/v1/protections/${id}`, { token: stack.manage });
const listed = async (query: string) =>
  (await stack.call('GET', `/api/v1/protections?${query}`, { token: stack.manage }))
    .body as unknown as ProtectionPage;
const protectionRows = (mediaId: number) =>
  stack.db.protection.count({ where: { mediaId: BigInt(mediaId) } });

test('EA#37: a temporary movie protection is created; repeated without expires_at it becomes permanent; one protection.created', async () => {
  const movie = await seed.newMovie(stack.db, { title: 'Fight Club' });
  const expiresAt = inDays(1);
  const first = await create({
    media_type: 'movie',
    tmdb_id: movie.tmdb_id,
    reason: "Director's cut",
    expires_at: expiresAt,
  });
  expect(first.status).toBe(200);
  const protection = first.body.protection;
  expect(first.body).toMatchObject({
    created: true,
    protection: {
      scope: 'movie',
      media_id: movie.media_id,
      title: 'Fight Club',
      tmdb_id: movie.tmdb_id,
      source: 'api',
      reason: "Director's cut",
      permanent: false,
      expires_at: expiresAt,
      active: true,
    },
  });
  const again = await create({ media_type: 'movie', media_id: movie.media_id });
  expect(again.body).toMatchObject({
    created: false,
    protection: {
      id: protection.id,
      permanent: true,
      expires_at: null,
      reason: "Director's cut",
    },
  });
  const events = await stack.published({ protection: protection.id });
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    type: 'protection.created',
    candidate_id: null,
    actor: { type: 'api_token', id: stack.manage.id },
    payload: { protection },
  });
});

test('EA#38: a repeat with an earlier expiry changes nothing; a later one moves the expiry; no event for either', async () => {
  const movie = await seed.newMovie(stack.db);
  const body = { media_type: 'movie', media_id: movie.media_id };
  const first = (await create({ ...body, expires_at: inDays(5) })).body.protection;
  const earlier = await create({ ...body, expires_at: inDays(2) });
  expect(earlier.body).toEqual({ created: false, protection: first });
  const later = inDays(9);
  const moved = await create({ ...body, expires_at: later });
  expect(moved.body).toMatchObject({
    created: false,
    protection: { id: first.id, permanent: false, expires_at: later },
  });
  expect(Date.parse(moved.body.protection.updated_at)).toBeGreaterThanOrEqual(
    Date.parse(first.updated_at),
  );
  expect(await stack.types({ protection: first.id })).toEqual(['protection.created']);
  expect(await protectionRows(movie.media_id)).toBe(1);
});

test('EA#39: a version under an active whole-movie protection returns the movie protection, created: false', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 2 });
  const whole = (await create({ media_type: 'movie', media_id: movie.media_id })).body;
  expect(whole).toMatchObject({ created: true, protection: { scope: 'movie' } });
  for (const version of movie.versions) {
    const reply = await create({
      media_type: 'movie',
      tmdb_id: movie.tmdb_id,
      movie_version_id: version.version_id,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ created: false, protection: whole.protection });
  }
  expect(await protectionRows(movie.media_id)).toBe(1);
  expect(await stack.types({ protection: whole.protection.id })).toEqual(['protection.created']);
});

test('a target covered only by a rule-managed protection gets a new api protection', async () => {
  const movie = await seed.newMovie(stack.db);
  const ruleId = await seed.newProtection(stack.db, seed.movieTarget(movie), { source: 'rule' });
  // The version first: once the api movie protection exists, it would cover the version.
  for (const body of [
    {
      media_type: 'movie',
      media_id: movie.media_id,
      movie_version_id: movie.versions[0]?.version_id,
    },
    { media_type: 'movie', media_id: movie.media_id },
  ]) {
    const reply = await create(body);
    expect(reply.body).toMatchObject({ created: true, protection: { source: 'api' } });
    expect(reply.body.protection.id).not.toBe(ruleId);
    expect(await stack.types({ protection: reply.body.protection.id })).toEqual([
      'protection.created',
    ]);
  }
  expect((await get(ruleId)).body).toMatchObject({ source: 'rule', active: true });
});

test('EA#40: expires_at in the past → 422; an expired protection is not reused and is listed only with active_only=false', async () => {
  const movie = await seed.newMovie(stack.db);
  const past = await create({
    media_type: 'movie',
    media_id: movie.media_id,
    expires_at: inDays(-1),
  });
  expect(past.status).toBe(422);
  expect(past.body.errors).toEqual([expect.objectContaining({ name: 'expires_at' })]);
  const expired = await seed.newProtection(stack.db, seed.movieTarget(movie), {
    source: 'api',
    createdAt: new Date(Date.now() - 3 * DAY),
    expiresAt: new Date(Date.now() - DAY),
  });
  const fresh = await create({ media_type: 'movie', media_id: movie.media_id });
  expect(fresh.body).toMatchObject({ created: true, protection: { permanent: true } });
  expect(fresh.body.protection.id).not.toBe(expired);
  const active = await listed(`media_id=${movie.media_id}`);
  expect(active).toMatchObject({ total: 1, items: [{ id: fresh.body.protection.id }] });
  const all = await listed(`media_id=${movie.media_id}&active_only=false`);
  expect(all.items.map((p) => p.id)).toEqual([fresh.body.protection.id, expired]);
  expect(all.total).toBe(2);
  expect((await get(expired)).body).toMatchObject({ id: expired, active: false, permanent: false });
  expect(await stack.types({ protection: fresh.body.protection.id })).toEqual([
    'protection.created',
  ]);
});

test('EA#41: DELETE → 200 with the removed protection, then GET 404; protection.removed by the token', async () => {
  const series = await seed.newSeries(stack.db, { episodes: [2] });
  const created = (
    await create({
      media_type: 'series',
      media_id: series.media_id,
      season_id: series.seasons[0]?.season_id,
    })
  ).body.protection;
  const before = (await get(created.id)).body as unknown as Protection;
  const deleted = await remove(created.id);
  expect(deleted.status).toBe(200);
  expect(deleted.body).toEqual(before);
  expect((await get(created.id)).status).toBe(404);
  expect((await remove(created.id)).status).toBe(404);
  const events = await stack.published({ protection: created.id });
  expect(events.map((e) => e.type)).toEqual(['protection.created', 'protection.removed']);
  expect(events[1]).toMatchObject({
    candidate_id: null,
    actor: { type: 'api_token', id: stack.manage.id },
    payload: { protection: before },
  });
});

test('EA#42: DELETE of a rule-managed protection → 409 rule_managed_protection; it still exists, no event', async () => {
  const movie = await seed.newMovie(stack.db);
  const id = await seed.newProtection(stack.db, seed.movieTarget(movie), { source: 'rule' });
  const refused = await remove(id);
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('rule_managed_protection');
  expect((await get(id)).status).toBe(200);
  expect(await stack.types({ protection: id })).toEqual([]);
});

test('EA#35: both media_id and tmdb_id, or neither → 422 validation_failed; nothing is created', async () => {
  const movie = await seed.newMovie(stack.db);
  for (const body of [
    { media_type: 'movie', media_id: movie.media_id, tmdb_id: movie.tmdb_id },
    { media_type: 'movie' },
  ]) {
    const reply = await create(body);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('validation_failed');
  }
  expect(await protectionRows(movie.media_id)).toBe(0);
});

test('EA#36: a version with a series → 422; a season of another series → 422 target_mismatch; an unknown tmdb_id → 404', async () => {
  const series = await seed.newSeries(stack.db);
  const other = await seed.newSeries(stack.db);
  const version = await create({
    media_type: 'series',
    tmdb_id: series.tmdb_id,
    movie_version_id: 1,
  });
  expect(version.status).toBe(422);
  expect(version.body.code).toBe('validation_failed');
  const mismatch = await create({
    media_type: 'series',
    tmdb_id: series.tmdb_id,
    season_id: other.seasons[0]?.season_id,
  });
  expect(mismatch.status).toBe(422);
  expect(mismatch.body.code).toBe('target_mismatch');
  const unknown = await create({ media_type: 'series', tmdb_id: 987_654_321 });
  expect(unknown.status).toBe(404);
  expect(unknown.body.code).toBe('not_found');
  expect(await protectionRows(series.media_id)).toBe(0);
});

test('a version protection is scoped to its version and carries no file name', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 2 });
  const reply = await create({
    media_type: 'movie',
    media_id: movie.media_id,
    movie_version_id: movie.versions[1]?.version_id,
  });
  expect(reply.body.protection).toMatchObject({
    scope: 'version',
    movie_version_id: seed.versionTarget(movie, 1).movieVersionId,
  });
  expect(JSON.stringify(reply.body)).not.toContain('.mkv');
});

test("a protection created with a token shows the token's name as created_by.name in the gateway's GET /api/protected; its event carries no name", async () => {
  const movie = await seed.newMovie(stack.db);
  const created = await create({ media_type: 'movie', media_id: movie.media_id });
  expect(created.body.created).toBe(true);
  const internal = await stack.call('GET', `/api/protected?media_id=${movie.media_id}`, {
    session: stack.admin,
  });
  const page = internal.body as unknown as ProtectedPage;
  expect(page.items.map((entry) => entry.created_by)).toEqual([
    { type: 'api_token', id: stack.manage.id, name: stack.manage.name },
  ]);
  const [event] = await stack.published({ protection: created.body.protection.id });
  expect(event?.actor).toEqual({ type: 'api_token', id: stack.manage.id });
});
