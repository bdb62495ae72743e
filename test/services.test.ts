import { join } from 'node:path';
import { Pool } from 'pg';
import { signInternalRequest } from '@mcs/kit';
import {
  callSigned,
  createTestEnv,
  prismaDrift,
  TEST_ENCRYPTION_KEYS,
  testSigningKey,
  waitFor,
  type TestEnv,
} from '@mcs/kit/testing';
import { startCatalog } from '../services/catalog/src/server';
import { startCleanup } from '../services/cleanup/src/server';
import { gatewayDefaults } from '../services/gateway/src/config';
import { startGateway } from '../services/gateway/src/server';
import { startScheduler } from '../services/scheduler/src/server';
import { startWebhooks } from '../services/webhooks/src/server';

type Started = {
  url: string;
  db: { inboxMessage: { create(args: unknown): Promise<unknown> } };
  stop(): Promise<void>;
};

let env: TestEnv;
let pool: Pool;
const running: Record<string, Started> = {};
const INTERNAL = ['catalog', 'cleanup', 'scheduler', 'webhooks'] as const;

beforeAll(async () => {
  env = await createTestEnv();
  pool = new Pool({ connectionString: env.databaseUrl });
  const runtime = env.runtimeConfig();
  const [catalog, cleanup, scheduler, webhooks] = await Promise.all([
    startCatalog({ runtime, encryptionKeys: TEST_ENCRYPTION_KEYS }),
    startCleanup({ runtime }),
    startScheduler({ runtime, encryptionKeys: TEST_ENCRYPTION_KEYS }),
    startWebhooks({ runtime, encryptionKeys: TEST_ENCRYPTION_KEYS }),
  ]);
  Object.assign(running, { catalog, cleanup, scheduler, webhooks });
  running.gateway = await startGateway(
    gatewayDefaults(
      runtime,
      {
        catalog: catalog.url,
        cleanup: cleanup.url,
        scheduler: scheduler.url,
        webhooks: webhooks.url,
      },
      TEST_ENCRYPTION_KEYS,
    ),
  );
});
afterAll(async () => {
  await Promise.all(Object.values(running).map((service) => service.stop()));
  await pool.end();
  await env.cleanup();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    unrouted: response.headers.get('x-mcs-unrouted'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

test('the gateway reports every service and dependency healthy', async () => {
  const health = await get(`${running.gateway?.url}/health`);
  expect(health.status).toBe(200);
  expect(health.body).toMatchObject({ status: 'ok', live: true, ready: true, version: '0.1.0' });
  const checks = health.body.checks as { name: string; status: string }[];
  expect(checks.map((c) => [c.name, c.status]).sort()).toEqual(
    ['broker', 'catalog', 'cleanup', 'database', 'redis', 'scheduler', 'webhooks'].map((name) => [
      name,
      'ok',
    ]),
  );
});

test('the gateway answers /version', async () => {
  expect((await get(`${running.gateway?.url}/version`)).body).toEqual({
    program: 'Media Cleanup Service',
    version: '0.1.0',
    api_version: 'v1',
    commit: null,
    build_date: null,
  });
});

describe.each(INTERNAL)('%s', (name) => {
  const url = () => running[name]?.url as string;

  test('is ready and exposes metrics', async () => {
    expect((await get(`${url()}/health`)).body).toMatchObject({ ready: true });
    const metrics = await (await fetch(`${url()}/metrics`)).text();
    expect(metrics).toContain(`service="${name}"`);
    expect(metrics).toContain('http_request_duration_seconds_count');
  });

  test('refuses internal requests without a valid gateway signature', async () => {
    const unsigned = await get(`${url()}/api/candidates`);
    expect(unsigned.status).toBe(401);
    expect(unsigned.type).toMatch(/^application\/problem\+json/);
    expect(unsigned.body.code).toBe('invalid_signature');
    const expired = signInternalRequest(testSigningKey(), {
      service: name,
      method: 'GET',
      url: '/api/candidates',
      body: undefined,
      principal: { type: 'user', id: 1, role: 'admin' },
      timestampMs: Date.now() - 60_000,
    });
    expect((await get(`${url()}/api/candidates`, expired)).status).toBe(401);
  });

  test('lets a signed request through to routing (no domain route exists yet: 404)', async () => {
    const headers = signInternalRequest(testSigningKey(), {
      service: name,
      method: 'GET',
      url: '/api/candidates',
      body: undefined,
      principal: { type: 'user', id: 1, role: 'admin' },
    });
    const response = await get(`${url()}/api/candidates`, headers);
    expect(response).toMatchObject({ status: 404, body: { code: 'not_found' } });
    // Marked as answered by no route, so the gateway never stores it as an idempotent outcome.
    expect(response.unrouted).toBe('1');
  });
});

/** One external operation each internal service owns, with the scope it needs. */
const OWNED = [
  ['catalog', '/api/v1/movies', 'media:read'],
  ['cleanup', '/api/v1/candidates', 'candidates:read'],
  ['scheduler', '/api/v1/tasks', 'tasks:read'],
  ['webhooks', '/api/v1/events', 'events:read'],
] as const;

describe.each(OWNED)('%s checks the scope of %s itself', (name, path, scope) => {
  const url = () => running[name]?.url as string;
  const token = (scopes: string[]) => ({ type: 'api_token' as const, id: 9, scopes });

  test('a token without the scope is refused even when signed by the gateway', async () => {
    const response = await callSigned(name, url(), 'GET', path, {
      principal: token(['system:read']),
    });
    expect(response).toMatchObject({
      status: 403,
      body: { code: 'insufficient_scope', detail: `This API token requires the ${scope} scope.` },
    });
    expect((await callSigned(name, url(), 'GET', path, { principal: token([scope]) })).status).toBe(
      200,
    );
  });

  test('the external API serves tokens only, and only the operations of its contract', async () => {
    const asUser = { type: 'user' as const, id: 1, role: 'admin' as const };
    expect((await callSigned(name, url(), 'GET', path, { principal: asUser })).status).toBe(403);
    const unknown = await callSigned(name, url(), 'GET', `${path}-elsewhere`, {
      principal: token([scope]),
    });
    expect(unknown.status).toBe(404);
  });
});

describe.each([...INTERNAL, 'gateway'])('%s data', (name) => {
  test('its Prisma schema matches its migrated database (no drift)', async () => {
    const schemaFile = join(__dirname, '..', 'services', name, 'prisma', 'schema.prisma');
    expect(await prismaDrift(schemaFile, env.databaseUrl, name)).toEqual([]);
  });

  test('Prisma writes land in its own schema', async () => {
    await running[name]?.db.inboxMessage.create({
      data: { consumer: 'schema-test', messageId: '00000000-0000-4000-8000-000000000001' },
    });
    const { rows } = await pool.query(
      `SELECT table_schema FROM information_schema.tables WHERE table_name = 'inbox' ORDER BY 1`,
    );
    expect(rows.map((r: { table_schema: string }) => r.table_schema)).not.toContain('public');
    // Services consume commands at start (catalog: cleanup's backfill); only this row is ours.
    const { rows: inbox } = await pool.query(
      `SELECT consumer FROM "${name}".inbox WHERE consumer = 'schema-test'`,
    );
    expect(inbox).toEqual([{ consumer: 'schema-test' }]);
  });
});

/** Triggers a task through the scheduler as an API token would, and waits for its run's end. */
async function runToEnd(taskId: string) {
  const trigger = await callSigned<{ run_id: number }>(
    'scheduler',
    running.scheduler?.url as string,
    'POST',
    `/api/v1/tasks/${taskId}/run`,
    { principal: { type: 'api_token', id: 1, scopes: ['tasks:run'] }, body: {} },
  );
  expect(trigger.status).toBe(202);
  const { rows } = await waitFor(
    async () => {
      const result = await pool.query<{ status: string; summary: Record<string, unknown> }>(
        `SELECT status, summary FROM scheduler.task_runs WHERE id = $1`,
        [trigger.body.run_id],
      );
      return ['completed', 'error'].includes(result.rows[0]?.status ?? '') && result;
    },
    { timeoutMs: 20_000, what: `the ${taskId} run to end` },
  );
  return rows[0];
}

test('weekly housekeeping fans out to every participating service and completes with all parts', async () => {
  const run = await runToEnd('weekly_house_keeping');
  expect(run?.status).toBe('completed');
  expect(Object.keys(run?.summary ?? {}).sort()).toEqual([
    'catalog',
    'cleanup',
    'gateway',
    'scheduler',
  ]);
});

test('prune_event_feed runs in the webhooks service', async () => {
  expect(await runToEnd('prune_event_feed')).toMatchObject({
    status: 'completed',
    summary: { events_pruned: 0, deliveries_pruned: 0 },
  });
});

test('when a service stops, the gateway reports not ready and names it', async () => {
  await running.webhooks?.stop();
  delete running.webhooks;
  // The gateway's report may be up to a second old (it is cached for that long).
  const health = await waitFor(async () => {
    const reply = await get(`${running.gateway?.url}/health`);
    return reply.status === 503 ? reply : undefined;
  });
  const failing = (health.body.checks as { name: string; status: string }[]).filter(
    (c) => c.status === 'fail',
  );
  expect(failing.map((c) => c.name)).toEqual(['webhooks']);
});
