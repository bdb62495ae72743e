import { createTestEnv, TEST_ENCRYPTION_KEYS } from '@mcs/kit/testing';
import { startScheduler, type SchedulerService } from '../services/scheduler/src/server';
import {
  expectProblem,
  GatewayWorld,
  type Session,
} from '../services/gateway/test/support/gateway';

/**
 * Black-box through the gateway (issue 12): the administrators' task routes with a session
 * (internal-api.md §7, IA#17–18) and GET /api/v1/system with tokens (EA#5, EA#8, EA#49). The
 * gateway validates every answer against the contracts.
 */
let scheduler: SchedulerService;
let gateway: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  const env = await createTestEnv();
  scheduler = await startScheduler({
    runtime: env.runtimeConfig(),
    encryptionKeys: TEST_ENCRYPTION_KEYS,
  });
  gateway = await GatewayWorld.start({}, { scheduler: scheduler.url }, env);
  admin = await gateway.setup();
});
afterAll(async () => {
  await scheduler.stop();
  await gateway.stop();
});

test('IA#17: a manual run is queued, a second call answers it already active, history shows it', async () => {
  const first = await gateway.request('POST', '/api/tasks/tasks/sync_requests/run', {
    session: admin,
  });
  expect(first.status).toBe(202);
  expect(first.body).toMatchObject({ status: 'queued', already_active: false });
  const second = await gateway.request('POST', '/api/tasks/tasks/sync_requests/run', {
    session: admin,
  });
  expect(second.status).toBe(200);
  expect(second.body).toMatchObject({ already_active: true, run_id: first.body.run_id });
  const history = await gateway.request('GET', '/api/tasks/history?task_id=sync_requests', {
    session: admin,
  });
  expect(history.body).toMatchObject({
    total: 1,
    items: [{ id: first.body.run_id, trigger: 'manual', requested_by: { type: 'user' } }],
  });
});

test('IA#18: disabled task 409, housekeeping cannot be disabled, an invalid cron is 422', async () => {
  expectProblem(
    await gateway.request('POST', '/api/tasks/tasks/delete_cleanup_candidates/run', {
      session: admin,
    }),
    409,
    'task_disabled',
  );
  const schedule = (body: unknown) =>
    gateway.request('PUT', '/api/tasks/tasks/weekly_house_keeping/schedule', {
      session: admin,
      body,
    });
  expectProblem(
    await schedule({ schedule_type: 'cron', schedule_value: '0 8 * * 0', enabled: false }),
    409,
    'task_not_disableable',
  );
  expectProblem(
    await schedule({ schedule_type: 'cron', schedule_value: '61 * * *', enabled: true }),
    422,
    'validation_failed',
  );
});

test('EA#5, EA#8, EA#49: /api/v1/system needs a token with system:read and lists the capabilities', async () => {
  expectProblem(
    await gateway.request('GET', '/api/v1/system', { session: admin }),
    401,
    'missing_token',
  );
  const tasksOnly = await gateway.token(admin, ['tasks:run']);
  expect((await gateway.request('GET', '/api/v1/tasks', { token: tasksOnly.token })).status).toBe(
    200,
  );
  expectProblem(
    await gateway.request('GET', '/api/v1/system', { token: tasksOnly.token }),
    403,
    'insufficient_scope',
  );
  const reader = await gateway.token(admin, ['system:read']);
  const system = await gateway.request('GET', '/api/v1/system', { token: reader.token });
  expect(system.status).toBe(200);
  expect(system.body).toMatchObject({ api_version: 'v1', has_main_media_server: false });
  expect(system.body.server_time).toMatch(/Z$/);
  const version = await gateway.request('GET', '/version');
  expect(system.body.version).toBe(version.body.version);
  const capabilities = system.body.capabilities as string[];
  expect(capabilities).toEqual([...capabilities].sort());
  expect(capabilities).toEqual(expect.arrayContaining(['event-feed', 'signed-webhooks']));
});

test('IA#7: changing the general settings needs the session CSRF token; without it nothing changes', async () => {
  const change = (headers: Record<string, string>) =>
    gateway.request('PUT', '/api/settings/general', {
      session: admin,
      headers,
      body: { auto_delete_movie_delay_days: 21 },
    });
  const read = async () =>
    (await gateway.request('GET', '/api/settings/general', { session: admin })).body;
  const before = await read();
  expectProblem(await change({ 'x-csrf-token': '' }), 403, 'csrf_failed');
  expectProblem(await change({ 'x-csrf-token': 'not-the-token' }), 403, 'csrf_failed');
  expect(await read()).toEqual(before);
  const changed = await change({});
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({ auto_delete_movie_delay_days: 21 });
  expect(await read()).toEqual(changed.body);
});

test('IA#10: a user may neither read nor change the general settings', async () => {
  const user = await gateway.userSession(admin, 'settings-user');
  expectProblem(
    await gateway.request('GET', '/api/settings/general', { session: user }),
    403,
    'forbidden',
  );
  expectProblem(
    await gateway.request('PUT', '/api/settings/general', {
      session: user,
      body: { users_can_view_candidates: false },
    }),
    403,
    'forbidden',
  );
});

test('a general settings change with an invalid key is 422 naming it, through the gateway', async () => {
  const reply = await gateway.request('PUT', '/api/settings/general', {
    session: admin,
    body: { event_retention_days: 3, surprise: 1 },
  });
  expectProblem(reply, 422, 'validation_failed');
  expect((reply.body.errors as { name: string }[]).map((e) => e.name).sort()).toEqual([
    'event_retention_days',
    'surprise',
  ]);
});
