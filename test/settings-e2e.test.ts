import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestEnv, TEST_ENCRYPTION_KEYS, waitFor, type TestEnv } from '@mcs/kit/testing';
import { startCatalog, type CatalogService } from '../services/catalog/src/server';
import { startCleanup, type CleanupService } from '../services/cleanup/src/server';
import * as seed from '../services/cleanup/test/support/factories';
import {
  expectProblem,
  GatewayWorld,
  type Reply,
  type Session,
} from '../services/gateway/test/support/gateway';
import { startScheduler, type SchedulerService } from '../services/scheduler/src/server';
import { startWebhooks, type WebhooksService } from '../services/webhooks/src/server';

/**
 * The general settings end to end (issue 27, decision 025): an administrator changes them
 * through the gateway, the scheduler publishes the new version, and each service that follows
 * them decides differently from its next decision on, without a restart.
 */
let env: TestEnv;
let catalog: CatalogService;
let cleanup: CleanupService;
let scheduler: SchedulerService;
let webhooks: WebhooksService;
let gateway: GatewayWorld;
let admin: Session;
let user: Session;

const keys = { encryptionKeys: TEST_ENCRYPTION_KEYS };
const startCleanupOn = (port: number, settingsWaitMs = 0) =>
  startCleanup({ runtime: env.runtimeConfig({ port, settingsWaitMs }) });

beforeAll(async () => {
  env = await createTestEnv();
  const runtime = env.runtimeConfig();
  [catalog, cleanup, webhooks] = await Promise.all([
    startCatalog({ runtime, ...keys }),
    startCleanupOn(0),
    startWebhooks({ runtime, ...keys }),
  ]);
  scheduler = await startScheduler({ runtime, ...keys, catalogUrl: catalog.url });
  gateway = await GatewayWorld.start(
    {},
    {
      catalog: catalog.url,
      cleanup: cleanup.url,
      scheduler: scheduler.url,
      webhooks: webhooks.url,
    },
    env,
  );
  admin = await gateway.setup();
  user = await gateway.userSession(admin, 'viewer');
}, 60_000);
afterAll(async () => {
  for (const service of [scheduler, cleanup, webhooks, catalog]) await service.stop();
  await gateway.stop();
});

const change = async (body: Record<string, unknown>): Promise<Reply> => {
  const reply = await gateway.request('PUT', '/api/settings/general', { session: admin, body });
  return reply;
};
/** The version a follower's projection holds (0: none yet). */
const held = async (schema: 'cleanup' | 'webhooks') => {
  const rows = await scheduler.db.$queryRawUnsafe<{ version: number }[]>(
    `SELECT version::int AS version FROM ${schema}.settings_projection`,
  );
  return rows[0]?.version ?? 0;
};
/** Until cleanup and webhooks hold the scheduler's current version. */
const followed = async () => {
  const row = await scheduler.db.generalSettingsRecord.findUnique({ where: { id: 1 } });
  const version = Number(row?.version ?? 0);
  await waitFor(
    async () => (await held('cleanup')) >= version && (await held('webhooks')) >= version,
    {
      what: `settings version ${version}`,
    },
  );
};
const read = async () =>
  (await gateway.request('GET', '/api/settings/general', { session: admin })).body;
/** The user's view: cleanup's Candidates page, and what the gateway says they may open. */
const userView = async () => ({
  candidates: (await gateway.request('GET', '/api/media/candidates', { session: user })).status,
  me: (
    (await gateway.request('GET', '/api/auth/me', { session: user })).body.permissions as {
      candidates_page: boolean;
    }
  ).candidates_page,
});

test('two services see a change within a second: the Candidates page closes for users', async () => {
  expect(await userView()).toEqual({ candidates: 200, me: true });
  expect((await change({ users_can_view_candidates: false })).status).toBe(200);
  await waitFor(
    async () => {
      const view = await userView();
      return view.candidates === 403 && view.me === false;
    },
    { timeoutMs: 1000, what: 'cleanup and the gateway to follow the change' },
  );
  const asAdmin = await gateway.request('GET', '/api/media/candidates', { session: admin });
  expect(asAdmin.status).toBe(200);
});

test('a restarted service decides on the settings changed while it was down', async () => {
  const port = Number(new URL(cleanup.url).port);
  await cleanup.stop();
  expect((await change({ users_can_view_candidates: true })).status).toBe(200);
  cleanup = await startCleanupOn(port, 10_000);
  // The first decision after the start waits for the owner's answer: no stale 403.
  const page = await gateway.request('GET', '/api/media/candidates', { session: user });
  expect(page.status).toBe(200);
});

test('the breaker set through the settings decides when a manual delete needs confirm', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 2; i += 1) {
    ids.push(
      await seed.newCandidate(cleanup.db, seed.movieTarget(await seed.newMovie(cleanup.db))),
    );
  }
  const manual = () =>
    gateway.request('POST', '/api/media/candidates/delete', {
      session: admin,
      body: { candidate_ids: ids },
    });
  expect((await change({ auto_delete_breaker_max_items: 1 })).status).toBe(200);
  await followed();
  expectProblem(await manual(), 409, 'confirmation_required');
  expect((await change({ auto_delete_breaker_max_items: 50 })).status).toBe(200);
  await followed();
  const queued = await manual();
  expect(queued.status).toBe(202);
  expect(queued.body).toMatchObject({ status: 'queued', candidate_ids: ids });
});

test('blocking private destinations makes webhooks refuse a receiver on this machine', async () => {
  const save = (name: string) =>
    gateway.request('POST', '/api/settings/integrations/webhooks', {
      session: admin,
      body: { name, url: 'http://127.0.0.1:9/hooks', event_types: ['candidate.deleted'] },
    });
  expect((await save('before')).status).toBe(201);
  expect((await change({ webhook_block_private_destinations: true })).status).toBe(200);
  await followed();
  const refused = await save('after');
  expectProblem(refused, 422, 'validation_failed');
  expect((refused.body.errors as { name: string }[]).map((e) => e.name)).toEqual(['url']);
});

test('a move destination is set only where catalog can write, and nothing changes otherwise', async () => {
  const root = mkdtempSync(join(tmpdir(), 'mcs-moves-'));
  const file = join(root, 'a-file');
  writeFileSync(file, 'x');
  const readOnly = mkdtempSync(join(root, 'ro-'));
  chmodSync(readOnly, 0o500);
  const ok = await change({ move_destination_movies: join(root, 'movies') });
  expect(ok.status).toBe(200);
  expect(ok.body.move_destination_movies).toBe(join(root, 'movies'));
  const before = await read();
  for (const path of [
    file,
    join(file, 'below'),
    ...(process.getuid?.() === 0 ? [] : [join(readOnly, 'x')]),
  ]) {
    const reply = await change({ move_destination_series: path, delete_pacing_seconds: 9 });
    expectProblem(reply, 422, 'path_not_writable');
    expect((reply.body.errors as { name: string }[]).map((e) => e.name)).toEqual([
      'move_destination_series',
    ]);
  }
  expect(await read()).toEqual(before);
});
