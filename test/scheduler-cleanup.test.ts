import type { ExternalApi } from '@mcs/contracts';
import { BrokerConnection, brokerNames, createLogger, Publisher } from '@mcs/kit';
import { callSigned, TEST_AMQP_URL, waitFor, TEST_ENCRYPTION_KEYS } from '@mcs/kit/testing';
import { startScheduler, type SchedulerService } from '../services/scheduler/src/server';
import { newMovie } from '../services/cleanup/test/support/factories';
import { patchFacts, setSources } from '../services/cleanup/test/support/scan';
import { conditionsRule, ruleCalls } from '../services/cleanup/test/support/rules';
import { startWorld, type World } from '../services/cleanup/test/support/world';

type Schemas = ExternalApi.components['schemas'];

/**
 * scan_cleanup_candidates end to end: the scheduler triggers it, cleanup runs it from the
 * command, reports started and completed with its summary, and the system endpoint shows the
 * scan's time (issue 13 with issue 12's run semantics).
 */
let cleanup: World;
let scheduler: SchedulerService;
let broker: BrokerConnection;

beforeAll(async () => {
  cleanup = await startWorld();
  scheduler = await startScheduler({
    runtime: cleanup.env.runtimeConfig(),
    encryptionKeys: TEST_ENCRYPTION_KEYS,
  });
  const log = createLogger({ service: 'test', level: 'silent' });
  broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
  const publisher = new Publisher(broker, brokerNames(cleanup.env.namespace), log);
  await publisher.start();
  // What catalog says once a main media server is configured.
  await publisher.publish('catalog.main_server_changed', {
    has_main_server: true,
    server_type: 'jellyfin',
    as_of: new Date().toISOString(),
  });
});
afterAll(async () => {
  await broker.close();
  await scheduler.stop();
  await cleanup.close();
});

const api = <T>(method: string, url: string) =>
  callSigned<T>('scheduler', scheduler.url, method, url, {
    principal: { type: 'api_token', id: 3, scopes: ['tasks:run', 'system:read'] },
    body: method === 'POST' ? {} : undefined,
  });

test('a scan triggered through the scheduler runs in cleanup and ends completed with its summary', async () => {
  await setSources(cleanup, { catalog: 'ok' });
  const rule = await ruleCalls(cleanup).create(
    conditionsRule('Old films', [{ field: 'media.year', operator: 'less_than', value: 1990 }]),
  );
  expect(rule.status).toBe(201);
  const movie = await newMovie(cleanup.service.db);
  await patchFacts(cleanup.service.db, 'movie', movie.media_id, { year: 1970 });

  const trigger = await waitFor(
    async () => {
      const reply = await api<Schemas['TaskRunTriggerResponse']>(
        'POST',
        '/api/v1/tasks/scan_cleanup_candidates/run',
      );
      // 409 until the scheduler has consumed catalog's main-server report.
      return reply.status === 202 ? reply : undefined;
    },
    { what: 'the scheduler to accept the trigger' },
  );
  const run = await waitFor(
    async () => {
      const page = (
        await api<Schemas['TaskRunPage']>('GET', '/api/v1/tasks/scan_cleanup_candidates/runs')
      ).body;
      const found = page.items.find((item) => item.id === trigger.body.run_id);
      return found?.status === 'completed' || found?.status === 'error' ? found : undefined;
    },
    { timeoutMs: 30_000, what: 'the scan to finish' },
  );
  expect(run).toMatchObject({
    status: 'completed',
    error: null,
    trigger: 'api',
    items_processed: 1,
  });
  // The owner's summary, as the scheduler recorded it from task.run_completed.
  const recorded = await scheduler.db.taskRun.findUniqueOrThrow({ where: { id: BigInt(run.id) } });
  expect(recorded.summary).toMatchObject({ evaluated: 1, created: 1, removed: 0, unknown: 0 });
  expect(await cleanup.service.db.candidate.count()).toBe(1);
  const system = (await api<Schemas['System']>('GET', '/api/v1/system')).body;
  expect(system.last_candidate_scan_at).toBe(run.completed_at);
});
