import type {
  ProtectedEntry,
  ProtectedPage,
  ProtectionCreated,
  ProtectionPage,
} from '../services/cleanup/test/support/api';
import * as seed from '../services/cleanup/test/support/factories';
import { DAY, useStack } from './support/cleanup-e2e';

/**
 * Issue 5 acceptance, black-box through the gateway with the administrator's session: the
 * internal protected entries (internal-api.md 9.3, IA#22, IA#23, IA#25) next to the external
 * protections they share their store with (EA#39, EA#40).
 */
const stack = useStack();

const asAdmin = (method: string, path: string, body?: unknown) =>
  stack.call(method, path, { session: stack.admin, body });
const entries = async (query: string) =>
  (await asAdmin('GET', `/api/protected?${query}`)).body as unknown as ProtectedPage;

test('EA#39 / IA#23: a version under a whole-movie protection: the external API returns the movie protection, the internal route refuses with 409', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 2 });
  const whole = await stack.call('POST', '/api/v1/protections', {
    token: stack.manage,
    body: { media_type: 'movie', media_id: movie.media_id },
  });
  const wholeId = (whole.body as unknown as ProtectionCreated).protection.id;
  const version = { media_type: 'movie', media_id: movie.media_id };
  const external = await stack.call('POST', '/api/v1/protections', {
    token: stack.manage,
    body: { ...version, movie_version_id: movie.versions[1]?.version_id },
  });
  expect(external.body).toMatchObject({ created: false, protection: { id: wholeId } });
  const internal = await asAdmin('POST', '/api/protected', {
    ...version,
    movie_version_id: movie.versions[1]?.version_id,
  });
  expect(internal.status).toBe(409);
  expect(internal.body.code).toBe('covered_by_existing_protection');
  expect(internal.body.detail).toContain(String(wholeId));
  expect((await entries(`media_id=${movie.media_id}`)).total).toBe(1);
  expect(await stack.types({ protection: wholeId })).toEqual(['protection.created']);
});

test('the internal route accepts a target covered only by a rule-managed protection; protection.created by the user', async () => {
  const movie = await seed.newMovie(stack.db);
  await seed.newProtection(stack.db, seed.movieTarget(movie), { source: 'rule' });
  const reply = await asAdmin('POST', '/api/protected', {
    media_type: 'movie',
    media_id: movie.media_id,
    movie_version_id: movie.versions[0]?.version_id,
  });
  expect(reply.status).toBe(201);
  const entry = (reply.body as { entry: ProtectedEntry }).entry;
  expect(entry).toMatchObject({ source: 'manual', scope: 'version', permanent: true });
  const events = await stack.published({ protection: entry.id });
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    type: 'protection.created',
    actor: { type: 'user', id: stack.admin.userId },
    payload: { protection: { id: entry.id, source: 'manual' } },
  });
  expect(events[0]?.payload.protection).not.toHaveProperty('version_file_name');
});

test('IA#22 / EA#40: an entry whose expiry passes leaves GET /api/protected and its total at once; the external list shows it only with active_only=false', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 2 });
  const permanent = await seed.newProtection(stack.db, seed.movieTarget(movie), { source: 'api' });
  const expiring = await seed.newProtection(stack.db, seed.versionTarget(movie, 1), {
    expiresAt: new Date(Date.now() + DAY),
  });
  const before = await entries(`media_id=${movie.media_id}`);
  expect(before.total).toBe(2);
  expect(before.items.map((e) => e.id).sort()).toEqual([permanent, expiring].sort());
  // Time passes for that entry: its expiry is now in the past (no event for an expiry).
  await stack.db.protection.update({
    where: { id: BigInt(expiring) },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  const after = await entries(`media_id=${movie.media_id}`);
  expect(after).toMatchObject({ total: 1, items: [{ id: permanent }] });
  const external = async (query: string) =>
    (
      (
        await stack.call('GET', `/api/v1/protections?media_id=${movie.media_id}${query}`, {
          token: stack.manage,
        })
      ).body as unknown as ProtectionPage
    ).items.map((p) => p.id);
  expect(await external('')).toEqual([permanent]);
  expect((await external('&active_only=false')).sort()).toEqual([permanent, expiring].sort());
  expect(await stack.types({ protection: expiring })).toEqual([]);
});

test('IA#25: duration change and delete of a rule entry → 409 rule_managed_protection; it stays', async () => {
  const movie = await seed.newMovie(stack.db);
  const rule = await seed.newProtection(stack.db, seed.movieTarget(movie), { source: 'rule' });
  const duration = await asAdmin('PUT', `/api/protected/${rule}/duration`, { duration_days: 3 });
  expect(duration.status).toBe(409);
  expect(duration.body.code).toBe('rule_managed_protection');
  const removed = await asAdmin('DELETE', `/api/protected/${rule}`);
  expect(removed.status).toBe(409);
  expect(removed.body.code).toBe('rule_managed_protection');
  expect(await entries(`media_id=${movie.media_id}`)).toMatchObject({
    total: 1,
    items: [{ id: rule, source: 'rule', permanent: true }],
  });
  expect(await stack.types({ protection: rule })).toEqual([]);
});

test('IA#25: on a manual entry the duration changes (no event) and DELETE → 200 recording protection.removed by the user', async () => {
  const movie = await seed.newMovie(stack.db);
  const created = await asAdmin('POST', '/api/protected', {
    media_type: 'movie',
    media_id: movie.media_id,
  });
  const entry = (created.body as unknown as { entry: ProtectedEntry }).entry;
  const duration = await asAdmin('PUT', `/api/protected/${entry.id}/duration`, {
    duration_days: 3,
  });
  expect(duration.status).toBe(200);
  expect(duration.body).toMatchObject({ id: entry.id, permanent: false, request_id: null });
  expect(await stack.types({ protection: entry.id })).toEqual(['protection.created']);
  const removed = await asAdmin('DELETE', `/api/protected/${entry.id}`);
  expect(removed.status).toBe(200);
  expect(removed.body).toMatchObject({ id: entry.id, request_id: null });
  expect(await stack.types({ protection: entry.id })).toEqual([
    'protection.created',
    'protection.removed',
  ]);
  expect((await entries(`media_id=${movie.media_id}`)).total).toBe(0);
});

test("created_by.name is the admin's display name at creation (the username until one is set); a later rename leaves older entries as they were", async () => {
  const before = await seed.newMovie(stack.db);
  const after = await seed.newMovie(stack.db);
  const protect = async (mediaId: number) => {
    const reply = await asAdmin('POST', '/api/protected', {
      media_type: 'movie',
      media_id: mediaId,
    });
    expect(reply.status).toBe(201);
  };
  const creatorOf = async (mediaId: number) =>
    (await entries(`media_id=${mediaId}`)).items.map((entry) => entry.created_by);

  await protect(before.media_id);
  const renamed = await asAdmin('PUT', `/api/users/${stack.admin.userId}`, {
    display_name: 'Ada Lovelace',
  });
  expect(renamed.status).toBe(200);
  await protect(after.media_id);

  const admin = { type: 'user', id: stack.admin.userId };
  expect(await creatorOf(before.media_id)).toEqual([{ ...admin, name: 'admin' }]);
  expect(await creatorOf(after.media_id)).toEqual([{ ...admin, name: 'Ada Lovelace' }]);
});
