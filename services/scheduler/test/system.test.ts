import type { ExternalApi } from '@mcs/contracts';
import { createLogger, PgListener, type Principal } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { useWorld } from './support/world';

type System = ExternalApi.components['schemas']['System'];
type Trigger = ExternalApi.components['schemas']['TaskRunTriggerResponse'];

/**
 * GET /api/v1/system keeps its facts until a commit changes them (decision 031). Rows are written
 * here in SQL, as another replica (or the run-report consumer) writes them: each answer below
 * follows from the notification of that commit, never from this process having written it.
 */
const world = useWorld();
const READER: Principal = { type: 'api_token', id: 8, scopes: ['system:read'] };

const system = async () =>
  (await world.api<System>('GET', '/api/v1/system', { principal: READER })).body;

const facts = (answer: System) => ({
  mainServer: answer.has_main_media_server,
  sync: answer.last_media_sync_at,
  scan: answer.last_candidate_scan_at,
});

/** A finished run of `taskId`, written as its owner's report would be. */
async function finishedRun(taskId: string, completedAt: string, kind?: string): Promise<bigint> {
  const [row] = await world.service.db.$queryRawUnsafe<{ id: bigint }[]>(
    `INSERT INTO task_runs (task_id, status, trigger, summary, started_at, completed_at)
     VALUES ($1, 'completed', 'schedule', $2::jsonb, $3::timestamptz, $3::timestamptz)
     RETURNING id`,
    taskId,
    JSON.stringify(kind ? { kind } : {}),
    completedAt,
  );
  return (row as { id: bigint }).id;
}

test('a scan finished after the facts were read is in the next answers, and so is the main server', async () => {
  expect(await system()).toMatchObject({
    has_main_media_server: false,
    last_media_sync_at: null,
    last_candidate_scan_at: null,
  });

  // The main server, as catalog reports it; then a scan triggered and ended by its owner's report.
  await world.setMainServer(true);
  await waitFor(async () => (await system()).has_main_media_server, {
    what: 'the main server in the answer',
  });
  const trigger = await world.api<Trigger>('POST', '/api/v1/tasks/scan_cleanup_candidates/run', {
    body: {},
  });
  expect(trigger.status).toBe(202);
  const runId = trigger.body.run_id as number;
  await world.publisher.publish('task.run_completed', {
    run_id: runId,
    task_id: 'scan_cleanup_candidates',
    service: 'cleanup',
    items_processed: 3,
    summary: {},
    completed_at: '2026-11-20T10:00:00.000Z',
  });
  await waitFor(
    async () => (await system()).last_candidate_scan_at === '2026-11-20T10:00:00.000Z',
    {
      what: 'the reported scan in the answer',
    },
  );

  await finishedRun('sync_media', '2026-11-21T10:00:00.000Z', 'full');
  await waitFor(async () => (await system()).last_media_sync_at === '2026-11-21T10:00:00.000Z', {
    what: 'the full sync in the answer',
  });
  expect(facts(await system())).toEqual({
    mainServer: true,
    sync: '2026-11-21T10:00:00.000Z',
    scan: '2026-11-20T10:00:00.000Z',
  });
});

test('a run that ends in error, an incremental sync and a purged run are reflected as they commit', async () => {
  const before = await system();
  // Neither counts: the answers stay the same.
  await world.service.db.$executeRawUnsafe(
    `INSERT INTO task_runs (task_id, status, trigger, summary, completed_at)
     VALUES ('scan_cleanup_candidates', 'error', 'api', '{}', '2026-11-22T10:00:00Z')`,
  );
  await finishedRun('sync_media', '2026-11-22T10:00:00.000Z', 'incremental');
  expect(facts(await system())).toEqual(facts(before));

  // Housekeeping purges the newest scan: the one before it is the last again.
  const newest = await finishedRun('scan_cleanup_candidates', '2026-11-23T10:00:00.000Z');
  await waitFor(
    async () => (await system()).last_candidate_scan_at === '2026-11-23T10:00:00.000Z',
    {
      what: 'the newer scan',
    },
  );
  await world.service.db.$executeRawUnsafe(`DELETE FROM task_runs WHERE id = $1`, newest);
  await waitFor(
    async () => (await system()).last_candidate_scan_at === before.last_candidate_scan_at,
    {
      what: 'the scan before it',
    },
  );
});

test('when the connection that hears the changes is lost, answers still follow the database', async () => {
  await system(); // the facts as they stand are kept
  await world.service.db.$executeRawUnsafe(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN "scheduler_system_facts"'`,
  );
  // Written while the listener is down or reconnecting: its notification is never heard.
  await finishedRun('scan_cleanup_candidates', '2026-11-24T10:00:00.000Z');
  await waitFor(
    async () => (await system()).last_candidate_scan_at === '2026-11-24T10:00:00.000Z',
    {
      what: 'the scan written while not listening',
    },
  );
});

test('queueing, starting and progress of a run do not notify a change of the facts; its end does', async () => {
  // The test's own listener on the channel, counting what the scheduler's would hear.
  const log = createLogger({ service: 'test', level: 'silent' });
  const heard = new PgListener({
    url: world.env.databaseUrl,
    channels: ['scheduler_system_facts'],
    log,
  });
  heard.start();
  await heard.ready();
  let notifications = 0;
  heard.watch('scheduler_system_facts', () => (notifications += 1));
  try {
    await world.setMainServer(true);
    await waitFor(() => notifications > 0, { what: 'the main server report notified' });
    notifications = 0;
    const trigger = await world.api<Trigger>('POST', '/api/v1/tasks/sync_requests/run', {
      body: {},
    });
    const base = {
      run_id: trigger.body.run_id as number,
      task_id: 'sync_requests',
      service: 'catalog' as const,
    };
    await world.publisher.publish('task.run_started', {
      ...base,
      started_at: new Date().toISOString(),
    });
    await world.publisher.publish('task.run_progressed', {
      ...base,
      progress: 40,
      items_processed: 120,
      phase: 'requests',
    });
    await waitFor(
      async () => {
        const run = await world.service.db.taskRun.findUnique({ where: { id: base.run_id } });
        return run?.progress === 40;
      },
      { what: 'the progress applied' },
    );
    // A notification is sent at its commit; one sent by now would have reached the listener
    // by the time a signed request has gone through the scheduler.
    await system();
    expect(notifications).toBe(0);

    await world.publisher.publish('task.run_completed', {
      ...base,
      items_processed: 300,
      summary: { requests: 300 },
      completed_at: new Date().toISOString(),
    });
    await waitFor(() => notifications > 0, { what: 'the end of the run notified' });
  } finally {
    await heard.stop();
  }
});
