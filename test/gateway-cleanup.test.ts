import { waitFor } from '@mcs/kit/testing';
import * as seed from '../services/cleanup/test/support/factories';
import { useStack } from './support/cleanup-e2e';

/**
 * Black-box through the gateway (issues 3 and 5): candidate actions and protections on the
 * real cleanup service, with the gateway's idempotency, across gateway restarts and replicas.
 */
const stack = useStack();

/** Committed lifecycle events of a candidate (cleanup's outbox keeps published rows). */
const events = async (candidateId: number) =>
  (await stack.recorded({ candidate: candidateId })).map((event) => event.type);
const candidate = async () =>
  seed.newCandidate(stack.db, seed.movieTarget(await seed.newMovie(stack.db)));

test('EA#22: cancel through the gateway → canceled, a UUID event id, one candidate.canceled event', async () => {
  const id = await candidate();
  const reply = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    body: { reason: 'keep' },
  });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({
    replayed: false,
    protection_id: null,
    candidate: { id, auto_delete_state: 'canceled', auto_delete_is_active: false },
  });
  expect(reply.body.event_id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await events(id)).toEqual(['candidate.canceled']);
});

test('EA#30, EA#31: a repeated key replays the original; a different body or path with it → 422', async () => {
  const id = await candidate();
  const first = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    key: 'k1',
    body: { reason: 'a' },
  });
  const second = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    key: 'k1',
    body: { reason: 'a' },
  });
  expect(second.status).toBe(200);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(second.body).toEqual({ ...first.body, replayed: true });
  const changedBody = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    key: 'k1',
    body: { reason: 'b' },
  });
  const otherPath = await stack.call('POST', `/api/v1/candidates/${id}/postpone`, {
    token: stack.manage,
    key: 'k1',
    body: { until: new Date(Date.now() + 30 * 86_400_000).toISOString() },
  });
  for (const reply of [changedBody, otherPath]) {
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe('idempotency_key_reused');
  }
  expect(await events(id)).toEqual(['candidate.canceled']);
});

test('50 concurrent requests with one key and one body execute once; every answer is the original, a replay or 409', async () => {
  const id = await candidate();
  const replies = await Promise.all(
    Array.from({ length: 50 }, () =>
      stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
        token: stack.manage,
        key: 'burst',
        body: {},
      }),
    ),
  );
  const statuses = new Set(replies.map((r) => r.status));
  expect([...statuses].every((s) => s === 200 || s === 409)).toBe(true);
  const ok = replies.filter((r) => r.status === 200);
  expect(ok.filter((r) => r.body.replayed === false)).toHaveLength(1);
  expect(new Set(ok.map((r) => r.body.event_id)).size).toBe(1);
  for (const conflict of replies.filter((r) => r.status === 409)) {
    expect(conflict.body.code).toBe('idempotency_key_in_use');
    expect(conflict.headers.get('retry-after')).toBe('1');
  }
  expect(await events(id)).toEqual(['candidate.canceled']);
});

test('EA#32: while the first request is held in flight, a second with the key → 409; afterwards → replay; one event, across replicas', async () => {
  await stack.gateway.addReplica();
  const id = await candidate();
  // A transaction holding the candidate's row lock (as a running scan would) keeps the first
  // request in flight inside the cleanup service.
  const blocker = await stack.pool.connect();
  await blocker.query('BEGIN');
  await blocker.query('SELECT 1 FROM cleanup.candidates WHERE id = $1 FOR UPDATE', [id]);
  const first = stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    key: 'k2',
    body: {},
  });
  await waitFor(
    async () => {
      const { rows } = await stack.pool.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted`,
      );
      return rows.length > 0;
    },
    { what: 'the first request to hold its idempotency lock' },
  );
  const second = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    key: 'k2',
    body: {},
    replica: 1,
  });
  expect(second.status).toBe(409);
  expect(second.body.code).toBe('idempotency_key_in_use');
  expect(second.headers.get('retry-after')).toBe('1');
  await blocker.query('ROLLBACK');
  blocker.release();
  expect((await first).status).toBe(200);
  const third = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    key: 'k2',
    body: {},
    replica: 1,
  });
  expect(third.headers.get('idempotent-replayed')).toBe('true');
  expect(await events(id)).toEqual(['candidate.canceled']);
});

test('EA#33: the same key under two tokens executes twice', async () => {
  const otherManage = await stack.token(['candidates:manage']);
  const id = await candidate();
  await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    key: 'shared',
    body: {},
  });
  const other = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: otherManage,
    key: 'shared',
    body: {},
  });
  expect(other.headers.get('idempotent-replayed')).toBeNull();
  expect(await events(id)).toEqual(['candidate.canceled', 'candidate.canceled']);
});

test('a replay survives a gateway restart between the first call and the replay', async () => {
  const id = await candidate();
  const first = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    key: 'restart',
    body: {},
  });
  await stack.restartGateway();
  const replay = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: stack.manage,
    key: 'restart',
    body: {},
  });
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body.event_id).toBe(first.body.event_id);
  expect(await events(id)).toEqual(['candidate.canceled']);
});

test('EA#41: DELETE of a protection replays its original 200 with the key; without it a second DELETE is 404', async () => {
  const movie = await seed.newMovie(stack.db);
  const protectionId = await seed.newProtection(stack.db, seed.movieTarget(movie), {
    source: 'api',
  });
  const first = await stack.call('DELETE', `/api/v1/protections/${protectionId}`, {
    token: stack.manage,
    key: 'del',
  });
  expect(first.status).toBe(200);
  expect(
    (await stack.call('GET', `/api/v1/protections/${protectionId}`, { token: stack.manage }))
      .status,
  ).toBe(404);
  expect(
    (await stack.call('DELETE', `/api/v1/protections/${protectionId}`, { token: stack.manage }))
      .status,
  ).toBe(404);
  const replay = await stack.call('DELETE', `/api/v1/protections/${protectionId}`, {
    token: stack.manage,
    key: 'del',
  });
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body).toEqual(first.body);
});

test('EA#20: catalog_id is an alias of tmdb_id on the candidate list; no response carries catalog_id', async () => {
  const movie = await seed.newMovie(stack.db);
  await seed.newCandidate(stack.db, seed.movieTarget(movie));
  const byTmdb = await stack.call('GET', `/api/v1/candidates?tmdb_id=${movie.tmdb_id}`, {
    token: stack.manage,
  });
  const byAlias = await stack.call('GET', `/api/v1/candidates?catalog_id=${movie.tmdb_id}`, {
    token: stack.manage,
  });
  expect(byTmdb.status).toBe(200);
  expect(byAlias.body).toEqual(byTmdb.body);
  expect((byTmdb.body.items as unknown[]).length).toBe(1);
  expect(JSON.stringify(byAlias.body)).not.toContain('catalog_id');
});

test('EA#6: a token with candidates:read only cannot cancel, and the candidate is unchanged', async () => {
  const id = await candidate();
  const read = await stack.token(['candidates:read']);
  const reply = await stack.call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: read,
    body: {},
  });
  expect(reply.status).toBe(403);
  expect(reply.body.detail).toContain('candidates:manage');
  const after = await stack.call('GET', `/api/v1/candidates/${id}`, { token: read });
  expect(after.body.auto_delete_state).toBe('scheduled');
  expect(await events(id)).toEqual([]);
});

test('internal protected entries are reachable with an admin session through the gateway', async () => {
  const movie = await seed.newMovie(stack.db);
  const created = await stack.call('POST', '/api/protected', {
    session: stack.admin,
    body: { media_type: 'movie', media_id: movie.media_id, reason: 'family' },
  });
  expect(created.status).toBe(201);
  const list = await stack.call('GET', '/api/protected', { session: stack.admin });
  expect(list.status).toBe(200);
  expect((list.body.items as { id: number }[]).map((e) => e.id)).toContain(
    (created.body.entry as { id: number }).id,
  );
});

test('seed rule 1 through the gateway: the Candidates page groups, rule_id is exact membership', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 2 });
  const six = await seed.newCandidate(stack.db, seed.versionTarget(movie, 0), {
    matchedRuleIds: [6],
  });
  await seed.newCandidate(stack.db, seed.versionTarget(movie, 1), { matchedRuleIds: [16] });
  const page = await stack.call('GET', `/api/media/candidates?rule_id=6&tmdb_id=${movie.tmdb_id}`, {
    session: stack.admin,
  });
  expect(page.status).toBe(200);
  expect(page.body).toMatchObject({ total: 1, items: [{ media_id: movie.media_id }] });
  const [group] = page.body.items as { candidates: { id: number }[] }[];
  expect(group?.candidates.map((c) => c.id)).toEqual([six]);
});

test('the Candidates page acts through the gateway as the logged-in administrator (actor user)', async () => {
  const id = await candidate();
  const reply = await stack.call('POST', `/api/media/candidates/${id}/cancel`, {
    session: stack.admin,
    body: { reason: 'keep for now' },
  });
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ candidate: { id, auto_delete_state: 'canceled' } });
  const [event] = await stack.recorded({ candidate: id });
  expect(event?.actor).toEqual({ type: 'user', id: stack.admin.userId });
});
