import type { ExternalApi, MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { useWorld } from './support/world';

type Trigger = ExternalApi.components['schemas']['TaskRunTriggerResponse'];
type Part = MessagePayload<'task.run_completed'>['service'];

/**
 * weekly_house_keeping fans out (domain.md §9): every participating service purges its own
 * data and reports its part; the run completes once all have. The scheduler's own part trims
 * run history, keeping the newest 200 finished runs of every task.
 */
const world = useWorld();

async function startHousekeeping(): Promise<number> {
  const reply = await world.api<Trigger>('POST', '/api/v1/tasks/weekly_house_keeping/run', {
    body: {},
  });
  expect(reply.status).toBe(202);
  return reply.body.run_id as number;
}

const part = (runId: number, service: Part, summary: Record<string, number>) =>
  world.publisher.publish('task.run_completed', {
    run_id: runId,
    task_id: 'weekly_house_keeping',
    service,
    items_processed: Object.values(summary).reduce((sum, n) => sum + n, 0),
    summary,
    completed_at: new Date().toISOString(),
  });

const runOf = (id: number) => world.service.db.taskRun.findUniqueOrThrow({ where: { id } });

test('the run waits for every participant, then completes with each part in its summary', async () => {
  const { db } = world.service;
  // 205 finished runs of one task: the scheduler's part trims the five oldest.
  const base = Date.now() - 1000 * 86_400_000;
  await db.taskRun.createMany({
    data: Array.from({ length: 205 }, (_, i) => ({
      taskId: 'sync_requests',
      status: 'completed',
      trigger: 'schedule',
      createdAt: new Date(base + i * 60_000),
      completedAt: new Date(base + i * 60_000 + 1000),
    })),
  });
  const oldest = await db.taskRun.findMany({
    where: { taskId: 'sync_requests' },
    orderBy: { createdAt: 'asc' },
    take: 5,
  });

  const runId = await startHousekeeping();
  // The scheduler's own part arrives through the broker like the others: one of four.
  const waiting = await waitFor(async () => {
    const run = await runOf(runId);
    return run.progress === 25 && run;
  });
  expect(waiting.status).toBe('running');
  expect(await db.taskRun.count({ where: { taskId: 'sync_requests' } })).toBe(200);
  expect(await db.taskRun.count({ where: { id: { in: oldest.map((r) => r.id) } } })).toBe(0);

  await part(runId, 'gateway', { sessions_purged: 2, idempotency_records_purged: 1 });
  await part(runId, 'catalog', { facts_purged: 4 });
  await waitFor(async () => (await runOf(runId)).progress === 75);
  expect((await runOf(runId)).status).toBe('running');

  await part(runId, 'cleanup', { idempotency_records_purged: 0 });
  const done = await waitFor(async () => {
    const run = await runOf(runId);
    return run.status === 'completed' && run;
  });
  expect(done).toMatchObject({ progress: 100, itemsProcessed: 12, error: null });
  expect(done.summary).toEqual({
    scheduler: { task_runs_trimmed: 5, idempotency_records_purged: 0 },
    gateway: { sessions_purged: 2, idempotency_records_purged: 1 },
    catalog: { facts_purged: 4 },
    cleanup: { idempotency_records_purged: 0 },
  });
});

test('a part that fails ends the run in error naming the service, once every part is in', async () => {
  const runId = await startHousekeeping();
  await world.publisher.publish('task.run_failed', {
    run_id: runId,
    task_id: 'weekly_house_keeping',
    service: 'catalog',
    error: 'The database was busy.',
    error_code: null,
    items_processed: null,
    summary: {},
    completed_at: new Date().toISOString(),
  });
  await part(runId, 'gateway', {});
  await part(runId, 'cleanup', {});
  const ended = await waitFor(async () => {
    const run = await runOf(runId);
    return run.status === 'error' && run;
  });
  expect(ended.error).toBe('catalog: The database was busy.');
  // A late report of a finished run is consumed and changes nothing.
  const reports = () =>
    world.service.db.inboxMessage.count({ where: { consumer: { contains: 'run-reports' } } });
  const before = await reports();
  await part(runId, 'catalog', { late: 1 });
  await waitFor(async () => (await reports()) > before);
  expect(await runOf(runId)).toMatchObject({ status: 'error', summary: ended.summary });
});
