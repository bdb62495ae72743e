import { Pool } from 'pg';
import { createTestEnv, waitFor, type TestEnv } from '@mcs/kit/testing';
import { gatewayDefaults } from '../services/gateway/src/config';
import { startGateway, type GatewayService } from '../services/gateway/src/server';
import { expectMatchesContract } from '../services/gateway/test/support/contract';
import {
  closedPort,
  sessionOf,
  type Reply,
  type Session,
} from '../services/gateway/test/support/gateway';
import { startCleanup, type CleanupService } from '../services/cleanup/src/server';
import {
  movieTarget,
  newCandidate,
  newMovie,
  newProtection,
} from '../services/cleanup/test/support/factories';

/**
 * Black-box through the gateway (issues 3 and 5): candidate actions and protections on the
 * real cleanup service, with the gateway's idempotency, across gateway restarts and replicas.
 */
let env: TestEnv;
let cleanup: CleanupService;
let gateways: GatewayService[] = [];
let admin: Session;
let manage: string;
let otherManage: string;
let pool: Pool;

async function startGatewayReplica(): Promise<GatewayService> {
  const down = `http://127.0.0.1:${await closedPort()}`;
  const gateway = await startGateway(
    gatewayDefaults(env.runtimeConfig(), {
      catalog: down,
      cleanup: cleanup.url,
      scheduler: down,
      webhooks: down,
    }),
  );
  gateways.push(gateway);
  return gateway;
}

async function call(
  method: string,
  path: string,
  options: {
    token?: string;
    session?: Session;
    body?: unknown;
    key?: string;
    replica?: number;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.session)
    Object.assign(headers, {
      cookie: `mcs_session=${options.session.cookie}`,
      'x-csrf-token': options.session.csrf,
    });
  if (options.key) headers['idempotency-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const base = (gateways[options.replica ?? 0] as GatewayService).url;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  await expectMatchesContract(method, path, response.status, text ? body : undefined);
  return { status: response.status, headers: response.headers, body };
}

async function token(scopes: string[]): Promise<string> {
  const reply = await call('POST', '/api/settings/integrations/api-tokens', {
    session: admin,
    body: { name: 'e2e', scopes },
  });
  return reply.body.token as string;
}

/** Committed lifecycle events of a candidate (cleanup's outbox keeps published rows). */
async function events(candidateId: number): Promise<string[]> {
  const { rows } = await pool.query<{ routing_key: string }>(
    `SELECT routing_key FROM cleanup.outbox WHERE (payload->>'candidate_id')::bigint = $1 ORDER BY id`,
    [candidateId],
  );
  return rows.map((row) => row.routing_key);
}

async function candidate(): Promise<number> {
  return newCandidate(cleanup.db, movieTarget(await newMovie(cleanup.db)));
}

beforeAll(async () => {
  env = await createTestEnv();
  pool = new Pool({ connectionString: env.databaseUrl });
  cleanup = await startCleanup({ runtime: env.runtimeConfig() });
  await startGatewayReplica();
  const setup = await call('POST', '/api/setup', {
    body: { username: 'admin', password: 'correct horse battery' },
  });
  admin = sessionOf(setup);
  manage = await token(['candidates:manage', 'protections:manage']);
  otherManage = await token(['candidates:manage']);
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
  await cleanup.stop();
  await pool.end();
  await env.cleanup();
});

test('EA#22: cancel through the gateway → canceled, a UUID event id, one candidate.canceled event', async () => {
  const id = await candidate();
  const reply = await call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: manage,
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
  const first = await call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: manage,
    key: 'k1',
    body: { reason: 'a' },
  });
  const second = await call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: manage,
    key: 'k1',
    body: { reason: 'a' },
  });
  expect(second.status).toBe(200);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(second.body).toEqual({ ...first.body, replayed: true });
  const changedBody = await call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: manage,
    key: 'k1',
    body: { reason: 'b' },
  });
  const otherPath = await call('POST', `/api/v1/candidates/${id}/postpone`, {
    token: manage,
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
      call('POST', `/api/v1/candidates/${id}/cancel`, { token: manage, key: 'burst', body: {} }),
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
  await startGatewayReplica();
  const id = await candidate();
  // A transaction holding the candidate's row lock (as a running scan would) keeps the first
  // request in flight inside the cleanup service.
  const blocker = await pool.connect();
  await blocker.query('BEGIN');
  await blocker.query('SELECT 1 FROM cleanup.candidates WHERE id = $1 FOR UPDATE', [id]);
  const first = call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: manage,
    key: 'k2',
    body: {},
  });
  await waitFor(
    async () => {
      const { rows } = await pool.query(
        `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted`,
      );
      return rows.length > 0;
    },
    { what: 'the first request to hold its idempotency lock' },
  );
  const second = await call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: manage,
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
  const third = await call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: manage,
    key: 'k2',
    body: {},
    replica: 1,
  });
  expect(third.headers.get('idempotent-replayed')).toBe('true');
  expect(await events(id)).toEqual(['candidate.canceled']);
});

test('EA#33: the same key under two tokens executes twice', async () => {
  const id = await candidate();
  await call('POST', `/api/v1/candidates/${id}/cancel`, { token: manage, key: 'shared', body: {} });
  const other = await call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: otherManage,
    key: 'shared',
    body: {},
  });
  expect(other.headers.get('idempotent-replayed')).toBeNull();
  expect(await events(id)).toEqual(['candidate.canceled', 'candidate.canceled']);
});

test('a replay survives a gateway restart between the first call and the replay', async () => {
  const id = await candidate();
  const first = await call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: manage,
    key: 'restart',
    body: {},
  });
  for (const gateway of gateways) await gateway.stop();
  gateways = [];
  await startGatewayReplica();
  const replay = await call('POST', `/api/v1/candidates/${id}/cancel`, {
    token: manage,
    key: 'restart',
    body: {},
  });
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body.event_id).toBe(first.body.event_id);
  expect(await events(id)).toEqual(['candidate.canceled']);
});

test('EA#41: DELETE of a protection replays its original 200 with the key; without it a second DELETE is 404', async () => {
  const movie = await newMovie(cleanup.db);
  const protectionId = await newProtection(cleanup.db, movieTarget(movie), { source: 'api' });
  const first = await call('DELETE', `/api/v1/protections/${protectionId}`, {
    token: manage,
    key: 'del',
  });
  expect(first.status).toBe(200);
  expect((await call('GET', `/api/v1/protections/${protectionId}`, { token: manage })).status).toBe(
    404,
  );
  expect(
    (await call('DELETE', `/api/v1/protections/${protectionId}`, { token: manage })).status,
  ).toBe(404);
  const replay = await call('DELETE', `/api/v1/protections/${protectionId}`, {
    token: manage,
    key: 'del',
  });
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(replay.body).toEqual(first.body);
});

test('EA#20: catalog_id is an alias of tmdb_id on the candidate list; no response carries catalog_id', async () => {
  const movie = await newMovie(cleanup.db);
  await newCandidate(cleanup.db, movieTarget(movie));
  const byTmdb = await call('GET', `/api/v1/candidates?tmdb_id=${movie.tmdb_id}`, {
    token: manage,
  });
  const byAlias = await call('GET', `/api/v1/candidates?catalog_id=${movie.tmdb_id}`, {
    token: manage,
  });
  expect(byTmdb.status).toBe(200);
  expect(byAlias.body).toEqual(byTmdb.body);
  expect((byTmdb.body.items as unknown[]).length).toBe(1);
  expect(JSON.stringify(byAlias.body)).not.toContain('catalog_id');
});

test('EA#6: a token with candidates:read only cannot cancel, and the candidate is unchanged', async () => {
  const id = await candidate();
  const read = await token(['candidates:read']);
  const reply = await call('POST', `/api/v1/candidates/${id}/cancel`, { token: read, body: {} });
  expect(reply.status).toBe(403);
  expect(reply.body.detail).toContain('candidates:manage');
  const after = await call('GET', `/api/v1/candidates/${id}`, { token: read });
  expect(after.body.auto_delete_state).toBe('scheduled');
  expect(await events(id)).toEqual([]);
});

test('internal protected entries are reachable with an admin session through the gateway', async () => {
  const movie = await newMovie(cleanup.db);
  const created = await call('POST', '/api/protected', {
    session: admin,
    body: { media_type: 'movie', media_id: movie.media_id, reason: 'family' },
  });
  expect(created.status).toBe(201);
  const list = await call('GET', '/api/protected', { session: admin });
  expect(list.status).toBe(200);
  expect((list.body.items as { id: number }[]).map((e) => e.id)).toContain(
    (created.body.entry as { id: number }).id,
  );
});
