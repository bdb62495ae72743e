import type { ExternalApi } from '@mcs/contracts';
import { callSigned, waitFor, TEST_ENCRYPTION_KEYS } from '@mcs/kit/testing';
import { startScheduler, type SchedulerService } from '../services/scheduler/src/server';
import { startWorld, type World } from '../services/catalog/test/support/world';

type Schemas = ExternalApi.components['schemas'];

/**
 * A run end to end: the scheduler triggers catalog's real sync_media against the library
 * simulator and follows it from catalog's reports to completed (issue 12 acceptance). The
 * scheduler learns that a main server exists from catalog itself.
 */
let catalog: World;
let scheduler: SchedulerService;

beforeAll(async () => {
  catalog = await startWorld();
  scheduler = await startScheduler({
    runtime: catalog.env.runtimeConfig(),
    encryptionKeys: TEST_ENCRYPTION_KEYS,
  });
});
afterAll(async () => {
  await scheduler.stop();
  await catalog.close();
});

const api = <T>(method: string, url: string) =>
  callSigned<T>('scheduler', scheduler.url, method, url, {
    principal: { type: 'api_token', id: 3, scopes: ['tasks:run', 'system:read'] },
    body: method === 'POST' ? {} : undefined,
  });

test('sync_media triggered through the scheduler runs in catalog and ends completed', async () => {
  const before = (await api<Schemas['System']>('GET', '/api/v1/system')).body;
  expect(before).toMatchObject({ has_main_media_server: false, last_media_sync_at: null });
  expect((await api<{ code: string }>('POST', '/api/v1/tasks/sync_media/run')).body.code).toBe(
    'main_server_required',
  );
  await catalog.configure([]);
  await waitFor(
    async () => (await api<Schemas['TaskList']>('GET', '/api/v1/tasks')).body.has_main_server,
    {
      what: 'catalog to report its main server',
    },
  );

  const trigger = await api<Schemas['TaskRunTriggerResponse']>(
    'POST',
    '/api/v1/tasks/sync_media/run',
  );
  expect(trigger.status).toBe(202);
  const run = await waitFor(
    async () => {
      const page = (await api<Schemas['TaskRunPage']>('GET', '/api/v1/tasks/sync_media/runs')).body;
      const found = page.items.find((item) => item.id === trigger.body.run_id);
      return found?.status === 'completed' || found?.status === 'error' ? found : undefined;
    },
    { timeoutMs: 60_000, what: 'the sync to finish' },
  );
  expect(run).toMatchObject({ status: 'completed', progress: 100, error: null, trigger: 'api' });
  expect(run.items_processed).toBeGreaterThan(0);
  expect(run.started_at).not.toBeNull();
  const task = (await api<Schemas['Task']>('GET', '/api/v1/tasks/sync_media')).body;
  expect(task).toMatchObject({ status: 'completed', last_run_at: run.completed_at });
  // An API-triggered sync is a full one: the system now reports the library as synced then.
  const system = (await api<Schemas['System']>('GET', '/api/v1/system')).body;
  expect(system).toMatchObject({
    has_main_media_server: true,
    last_media_sync_at: run.completed_at,
  });
});
