import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLOSED_PORT, publishSettings } from '@mcs/kit/testing';
import { releaseCheckRepository } from '../src/updates/release-check.repository';
import { expectProblem, GatewayWorld, standInService, type Session } from './support/gateway';

/**
 * The dashboard and the indicators as the gateway composes them (internal-api.md 5): each
 * owner's part is asked at once with a short limit, and one that is down or hangs leaves its
 * figures null while the rest answers. Stand-ins play the owners here; test/dashboard-e2e.test.ts
 * has the real ones.
 */
const LIMIT_MS = 300;
let world: GatewayWorld;
let admin: Session;
let user: Session;
let hanging: Awaited<ReturnType<typeof standInService>>;
let scheduler: Awaited<ReturnType<typeof standInService>>;
/** Requests the hanging stand-in holds open; answered at the end so nothing leaks. */
const held: ServerResponse[] = [];
const schedulerPart = {
  next_auto_delete_at: '2026-12-01T02:00:00.000Z',
  auto_delete_task_enabled: true,
  last_media_sync_at: '2026-11-28T01:00:00.000Z',
  last_candidate_scan_at: null,
};

beforeAll(async () => {
  hanging = await standInService((_req: IncomingMessage, res: ServerResponse) => {
    held.push(res);
  });
  scheduler = await standInService((req, res) => {
    const view = new URL(req.url ?? '/', 'http://x').searchParams.get('view');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        view === 'ui'
          ? { auto_delete_enabled: true, running_tasks: ['sync_media'] }
          : schedulerPart,
      ),
    );
  });
  const down = `http://127.0.0.1:${CLOSED_PORT}`;
  world = await GatewayWorld.start(
    { dashboardPartTimeoutMs: LIMIT_MS },
    { catalog: hanging.url, cleanup: down, scheduler: scheduler.url },
    undefined,
    'warn',
  );
  admin = await world.setup();
  user = await world.userSession(admin, 'viewer');
});
afterAll(async () => {
  for (const res of held) res.end();
  await world.stop();
  await hanging.close();
  await scheduler.close();
});

const partWarnings = () =>
  world.logs.flat().filter((line) => line.msg === 'a dashboard part is unavailable; shown as null');

test('an owner that is down or hangs leaves its figures null; the rest answers 200 within the limit', async () => {
  const before = partWarnings().length;
  const started = Date.now();
  const reply = await world.request('GET', '/api/dashboard', { session: admin });
  expect(Date.now() - started).toBeLessThan(LIMIT_MS + 1500);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    library: null,
    candidates: null,
    reclaimed: null,
    protections_active: null,
    requests: null,
    ...schedulerPart,
    disks: null,
  });
  // One warning per failed call: catalog (hangs) and cleanup (down).
  const warned = partWarnings().slice(before);
  expect(warned.map((line) => line.service).sort()).toEqual(['catalog', 'cleanup']);

  const sidebar = await world.request('GET', '/api/info/sidebar-indicators', { session: user });
  expect(sidebar.status).toBe(200);
  expect(sidebar.body).toEqual({
    candidates: null,
    pending_protection_requests: null,
    pending_delete_requests: null,
    unread_notices: null,
    active_alerts: null,
  });
});

test("the UI indicators hold the gateway's own facts even when an owner hangs", async () => {
  const reply = await world.request('GET', '/api/info/ui-indicators', { session: user });
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    setup_complete: true,
    has_main_server: null,
    auto_delete_enabled: true,
    running_tasks: ['sync_media'],
    sources_unavailable: null,
    update_available: null,
    is_admin: false,
  });
  const asAdmin = await world.request('GET', '/api/info/ui-indicators', { session: admin });
  expect(asAdmin.body.is_admin).toBe(true);
});

test('update_available is what /update-status says, from the stored release check', async () => {
  const [gateway] = world.replicas;
  if (!gateway) throw new Error('no gateway');
  const indicator = async () =>
    (await world.request('GET', '/api/info/ui-indicators', { session: user })).body
      .update_available;
  const status = async () => (await world.request('GET', '/update-status')).body.update_available;

  await publishSettings(gateway.runtime, 2, { update_check_enabled: true });
  expect(await indicator()).toBeNull();
  await releaseCheckRepository.save(world.db, {
    latestVersion: '999.0.0',
    releaseUrl: 'https://example.org/releases/999.0.0',
    checkedAt: new Date(),
  });
  expect(await status()).toBe(true);
  expect(await indicator()).toBe(true);
  await releaseCheckRepository.save(world.db, {
    latestVersion: '0.0.1',
    releaseUrl: null,
    checkedAt: new Date(),
  });
  expect(await status()).toBe(false);
  expect(await indicator()).toBe(false);
});

test('without a session each answers 401', async () => {
  for (const path of ['/api/dashboard', '/api/info/sidebar-indicators', '/api/info/ui-indicators'])
    expectProblem(await world.request('GET', path), 401, 'unauthenticated');
});

test('before setup the dashboard answers 503 setup_required; the indicators still ask for a login', async () => {
  const fresh = await GatewayWorld.start();
  try {
    expectProblem(await fresh.request('GET', '/api/dashboard'), 503, 'setup_required');
    expectProblem(await fresh.request('GET', '/api/info/ui-indicators'), 401, 'unauthenticated');
  } finally {
    await fresh.stop();
  }
});
