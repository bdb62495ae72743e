import { BrokerConnection, brokerNames, createLogger, Publisher } from '@mcs/kit';
import { createTestEnv, TEST_AMQP_URL, waitFor, TEST_ENCRYPTION_KEYS } from '@mcs/kit/testing';
import { startCleanup, type CleanupService } from '../services/cleanup/src/server';
import { startScheduler, type SchedulerService } from '../services/scheduler/src/server';
import { newCandidate, newMovie, versionTarget } from '../services/cleanup/test/support/factories';
import { operationCompleted, sentOperations } from '../services/cleanup/test/support/operations';
import {
  expectProblem,
  GatewayWorld,
  type Session,
} from '../services/gateway/test/support/gateway';

/**
 * `GET /api/jobs/{job_id}` through the gateway (internal-api.md 11, decision 014): a task run
 * and a manual delete each answer 202 with a job id, and the gateway finds the job at the
 * service that queued it by the id alone. The gateway validates every answer against the
 * contract.
 */
let cleanup: CleanupService;
let scheduler: SchedulerService;
let gateway: GatewayWorld;
let admin: Session;
let viewer: Session;

beforeAll(async () => {
  const env = await createTestEnv();
  cleanup = await startCleanup({ runtime: env.runtimeConfig() });
  scheduler = await startScheduler({
    runtime: env.runtimeConfig(),
    encryptionKeys: TEST_ENCRYPTION_KEYS,
  });
  gateway = await GatewayWorld.start({}, { cleanup: cleanup.url, scheduler: scheduler.url }, env);
  admin = await gateway.setup();
  viewer = await gateway.userSession(admin, 'viewer');
  // Cleanup's tasks need a main media server: what catalog says once one is configured.
  const log = createLogger({ service: 'test', level: 'silent' });
  const broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
  const publisher = new Publisher(broker, brokerNames(env.namespace), log);
  await publisher.start();
  await publisher.publish('catalog.main_server_changed', {
    has_main_server: true,
    server_type: 'jellyfin',
    as_of: new Date().toISOString(),
  });
  await broker.close();
});
afterAll(async () => {
  await cleanup.stop();
  await scheduler.stop();
  await gateway.stop();
});

const job = (id: unknown, session = admin) =>
  gateway.request('GET', `/api/jobs/${String(id)}`, { session });

test("a task run's job follows the run to its end, with the run's summary", async () => {
  const queued = await waitFor(
    async () => {
      const reply = await gateway.request('POST', '/api/tasks/tasks/tag_cleanup_candidates/run', {
        session: admin,
      });
      // 409 until the scheduler has consumed catalog's main-server report.
      return reply.status === 202 ? reply : undefined;
    },
    { what: 'the scheduler to accept the trigger' },
  );
  expect(queued.body.job_id).toBe(queued.body.run_id);
  const done = await waitFor(
    async () => {
      const reply = await job(queued.body.job_id);
      return reply.body.status === 'completed' || reply.body.status === 'failed'
        ? reply
        : undefined;
    },
    { timeoutMs: 30_000, what: 'the run to end' },
  );
  expect(done.status).toBe(200);
  expect(done.body).toMatchObject({
    job_id: queued.body.run_id,
    kind: 'task_run',
    status: 'completed',
    error: null,
  });
  // The result is the summary the run recorded, as the task history shows it.
  const history = await gateway.request(
    'GET',
    '/api/tasks/history?task_id=tag_cleanup_candidates',
    { session: admin },
  );
  const [run] = history.body.items as { id: number; summary: Record<string, unknown> }[];
  expect(run?.id).toBe(queued.body.run_id);
  expect(done.body.result).toEqual({ summary: run?.summary });
  expect(Date.parse(done.body.finished_at as string)).toBeGreaterThanOrEqual(
    Date.parse(done.body.created_at as string),
  );
  // Another user did not queue it: not theirs to see, and not told that it exists.
  expectProblem(await job(queued.body.job_id, viewer), 404, 'not_found');
});

test("a manual delete's job lists its operations and ends when catalog has answered for each", async () => {
  const movies = [await newMovie(cleanup.db), await newMovie(cleanup.db)];
  const ids = await Promise.all(
    movies.map((movie) => newCandidate(cleanup.db, versionTarget(movie), { matchedRuleIds: [] })),
  );
  const queued = await gateway.request('POST', '/api/media/candidates/delete', {
    session: admin,
    body: { candidate_ids: ids },
  });
  expect(queued.status).toBe(202);
  const jobId = queued.body.job_id as number;
  // cleanup's block of ids (decision 014), not a task run's.
  expect(jobId).toBeGreaterThanOrEqual(2 ** 40);
  const operationIds = queued.body.operation_ids as number[];
  const waiting = await job(jobId);
  expect(waiting.status).toBe(200);
  expect(waiting.body).toMatchObject({
    job_id: jobId,
    kind: 'file_operation',
    status: 'queued',
    progress: 0,
    error: null,
    started_at: null,
    finished_at: null,
    result: {
      operations: operationIds.map((operationId) => ({
        operation_id: operationId,
        status: 'queued',
        failure_reason: null,
      })),
    },
  });
  expectProblem(await job(jobId, viewer), 404, 'not_found');

  // catalog answers: one deleted, one failed.
  const [first, second] = await sentOperations(cleanup);
  if (!first || !second) throw new Error('two commands expected');
  await cleanup.db.$transaction(async (tx) => {
    const now = new Date();
    await cleanup.services.operationOutcomes.record(
      tx,
      operationCompleted(first, 'succeeded'),
      now,
    );
    await cleanup.services.operationOutcomes.record(tx, operationCompleted(second, 'failed'), now);
  });
  const ended = await job(jobId);
  expect(ended.body).toMatchObject({
    status: 'failed',
    progress: 100,
    error: '1 of 2 operations failed.',
    result: {
      operations: [
        { operation_id: first.operation_id, status: 'succeeded', failure_reason: null },
        { operation_id: second.operation_id, status: 'failed', failure_reason: 'http_500' },
      ],
    },
  });
  expect(ended.body.finished_at).not.toBeNull();
});

test('ids no service holds, or outside every block, are 404; a malformed id is 422', async () => {
  expectProblem(await job(2 ** 40 + 987_654), 404, 'not_found');
  expectProblem(await job(987_654), 404, 'not_found');
  expectProblem(await job(2 ** 45), 404, 'not_found');
  expectProblem(await job('seven'), 422, 'validation_failed');
});

test('alerts through the gateway: administrators list and confirm them, and the confirmation is a job', async () => {
  await cleanup.runtime.publisher.publish('alert.raised', {
    kind: 'sync_mass_removal_blocked',
    subject: '',
    severity: 'critical',
    title: 'A sync held back removals',
    message: '20 movies are missing from the media server; nothing was removed.',
    data: { held: { movie: 20 } },
    raised_at: new Date().toISOString(),
  });
  const listed = await waitFor(
    async () => {
      const reply = await gateway.request('GET', '/api/alerts?kind=sync_mass_removal_blocked', {
        session: admin,
      });
      return reply.body.total === 1 ? reply : undefined;
    },
    { what: 'the reported alert to be listed' },
  );
  const [alert] = listed.body.items as { id: number; actions: string[] }[];
  expect(alert?.actions).toEqual(['confirm', 'dismiss']);
  expectProblem(await gateway.request('GET', '/api/alerts', { session: viewer }), 403, 'forbidden');
  expectProblem(
    await gateway.request('GET', '/api/alerts?active_only=sometimes', { session: admin }),
    422,
    'validation_failed',
  );

  const confirmed = await gateway.request('POST', `/api/alerts/${alert?.id}/confirm`, {
    session: admin,
  });
  expect(confirmed.status).toBe(202);
  const jobId = confirmed.body.job_id as number;
  expect(jobId).toBeGreaterThanOrEqual(2 ** 40);
  expect((await job(jobId)).body).toMatchObject({ kind: 'alert_confirmation', status: 'queued' });
  expectProblem(
    await gateway.request('POST', `/api/alerts/${alert?.id}/confirm`, { session: admin }),
    409,
    'alert_resolved',
  );
});
