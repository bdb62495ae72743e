import type { ExternalApi } from '@mcs/contracts';
import { createLogger } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { HEARTBEAT_TIMEOUT_MS, RunSweeper } from '../src/runs/run-sweeper.service';
import { useWorld } from './support/world';

type Schemas = ExternalApi.components['schemas'];
type Task = Schemas['Task'];
type TaskList = Schemas['TaskList'];
type TaskRunPage = Schemas['TaskRunPage'];
type Trigger = Schemas['TaskRunTriggerResponse'];
interface Problem {
  status: number;
  code: string;
}

/** The task catalogue, triggers and runs as an API token sees them (external-api.md §2.9). */
const world = useWorld();

const task = async (id: string) => (await world.api<Task>('GET', `/api/v1/tasks/${id}`)).body;
const run = (id: string, key?: string) =>
  world.api<Trigger & Problem>('POST', `/api/v1/tasks/${id}/run`, { body: {}, key });

describe('the task list', () => {
  test('lists every built-in task in catalogue order with its defaults', async () => {
    const { status, body } = await world.api<TaskList>('GET', '/api/v1/tasks');
    expect(status).toBe(200);
    expect(body.has_main_server).toBe(false);
    expect(body.items.map((t) => t.id)).toEqual([
      'sync_media',
      'refresh_playback_history',
      'resync_media',
      'sync_requests',
      'scan_cleanup_candidates',
      'tag_cleanup_candidates',
      'delete_cleanup_candidates',
      'prune_event_feed',
      'weekly_house_keeping',
    ]);
    expect(body.items[0]).toMatchObject({
      id: 'sync_media',
      enabled: true,
      status: 'scheduled',
      schedule_type: 'interval',
      schedule_value: '21600',
      can_run: false, // no main media server yet
      requires_main_server: true,
      last_run_at: null,
    });
    expect(body.items.find((t) => t.id === 'delete_cleanup_candidates')).toMatchObject({
      enabled: false,
      status: 'disabled',
      schedule_type: 'cron',
      schedule_value: '0 2 * * *',
      can_run: false,
    });
  });

  test('an unknown task is 404 not_found, for the task, its runs and a trigger', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/tasks/unknown_task'],
      ['GET', '/api/v1/tasks/unknown_task/runs'],
      ['POST', '/api/v1/tasks/unknown_task/run'],
    ] as const) {
      const reply = await world.api<Problem>(method, url, method === 'POST' ? { body: {} } : {});
      expect([url, reply.status, reply.body.code]).toEqual([url, 404, 'not_found']);
    }
  });
});

describe('triggering a run', () => {
  test('a disabled task is refused with 409 task_disabled and nothing is queued', async () => {
    const reply = await run('delete_cleanup_candidates');
    expect(reply).toMatchObject({ status: 409, body: { code: 'task_disabled' } });
    expect(
      await world.service.db.taskRun.count({ where: { taskId: 'delete_cleanup_candidates' } }),
    ).toBe(0);
  });

  test('a task that needs a main media server is refused without one (409 main_server_required)', async () => {
    await world.setMainServer(false);
    const reply = await run('refresh_playback_history');
    expect(reply).toMatchObject({ status: 409, body: { code: 'main_server_required' } });
  });

  test('queues a run and sends its command; while it is active a trigger answers the same run', async () => {
    await world.setMainServer(true);
    const first = await run('sync_media');
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({
      task_id: 'sync_media',
      queued: true,
      already_active: false,
    });
    const runId = first.body.run_id as number;
    expect(first.body.job_id).toBe(runId);
    const [command] = await waitFor(() => {
      const sent = world.commands.messages.filter((m) => m.payload.run_id === runId);
      return sent.length > 0 && sent;
    });
    expect(command).toMatchObject({
      name: 'task.run.sync_media',
      payload: {
        run_id: runId,
        task_id: 'sync_media',
        trigger: 'api',
        requested_by: { type: 'api_token', id: 7 },
      },
    });
    expect(await task('sync_media')).toMatchObject({ status: 'queued', can_run: true });

    const again = await run('sync_media');
    expect(again).toMatchObject({
      status: 200,
      body: { run_id: runId, queued: false, already_active: true },
    });
  });

  test('a run moves through running (progress visible) to completed from its owner’s reports', async () => {
    await world.setMainServer(true);
    const runId = (await run('sync_requests')).body.run_id as number;
    const base = { run_id: runId, task_id: 'sync_requests', service: 'catalog' as const };
    await world.publisher.publish('task.run_started', {
      ...base,
      started_at: new Date().toISOString(),
    });
    await waitFor(async () => (await task('sync_requests')).status === 'running');
    await world.publisher.publish('task.run_progressed', {
      ...base,
      progress: 40,
      items_processed: 120,
      phase: 'requests',
    });
    const running = await waitFor(async () => {
      const page = (await world.api<TaskRunPage>('GET', '/api/v1/tasks/sync_requests/runs')).body;
      return page.items[0]?.progress === 40 && page.items[0];
    });
    expect(running).toMatchObject({
      id: runId,
      status: 'running',
      items_processed: 120,
      completed_at: null,
    });
    expect(running.started_at).not.toBeNull();

    await world.publisher.publish('task.run_completed', {
      ...base,
      items_processed: 300,
      summary: { requests: 300 },
      completed_at: new Date().toISOString(),
    });
    const done = await waitFor(async () => {
      const t = await task('sync_requests');
      return t.status === 'completed' && t;
    });
    expect(done.last_run_at).not.toBeNull();
    const [finished] = (await world.api<TaskRunPage>('GET', '/api/v1/tasks/sync_requests/runs'))
      .body.items;
    expect(finished).toMatchObject({ status: 'completed', progress: 100, items_processed: 300 });
    expect((await run('sync_requests')).status).toBe(202); // no longer active
  });

  test('a start report applied after the run’s end still records when it started', async () => {
    // Reports are consumed concurrently: a fast task's completed may commit before its start.
    await world.service.db.taskRun.deleteMany({ where: { taskId: 'sync_requests' } });
    const runId = (await run('sync_requests')).body.run_id as number;
    const base = { run_id: runId, task_id: 'sync_requests', service: 'catalog' as const };
    const startedAt = new Date(Date.now() - 5000);
    await world.publisher.publish('task.run_completed', {
      ...base,
      items_processed: 0,
      summary: {},
      completed_at: new Date().toISOString(),
    });
    const runOf = () => world.service.db.taskRun.findUniqueOrThrow({ where: { id: runId } });
    await waitFor(async () => (await runOf()).status === 'completed');
    await world.publisher.publish('task.run_started', {
      ...base,
      started_at: startedAt.toISOString(),
    });
    const ended = await waitFor(async () => {
      const row = await runOf();
      return row.startedAt !== null && row;
    });
    expect(ended).toMatchObject({ status: 'completed', progress: 100, startedAt });
  });

  test('a run whose owner fails ends error with its message, shown on the task', async () => {
    await world.setMainServer(true);
    const runId = (await run('refresh_playback_history')).body.run_id as number;
    await world.publisher.publish('task.run_failed', {
      run_id: runId,
      task_id: 'refresh_playback_history',
      service: 'catalog',
      error: 'Jellyfin answered 503',
      error_code: null,
      items_processed: null,
      summary: {},
      completed_at: new Date().toISOString(),
    });
    const failed = await waitFor(async () => {
      const t = await task('refresh_playback_history');
      return t.status === 'error' && t;
    });
    expect(failed.error).toBe('Jellyfin answered 503');
  });

  test('with an Idempotency-Key a repeat replays the answer; the key on another task is 422', async () => {
    await world.setMainServer(true);
    const first = await run('resync_media', 'k1');
    expect(first.status).toBe(202);
    const replay = await run('resync_media', 'k1');
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await world.service.db.taskRun.count({ where: { taskId: 'resync_media' } })).toBe(1);
    const reused = await run('prune_event_feed', 'k1');
    expect(reused).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
  });
});

test('every task of the catalogue can be triggered: tag_cleanup_candidates queues a run for cleanup', async () => {
  await world.setMainServer(true);
  const reply = await run('tag_cleanup_candidates');
  expect(reply.status).toBe(202);
  expect(
    await world.service.db.taskRun.count({ where: { taskId: 'tag_cleanup_candidates' } }),
  ).toBe(1);
  expect((await task('tag_cleanup_candidates')).can_run).toBe(true);
});

describe('a run whose owner stops reporting', () => {
  const sweeperAt = (offsetMs: number) =>
    new RunSweeper({
      db: world.service.db,
      clock: () => new Date(Date.now() + offsetMs),
      log: createLogger({ service: 'test', level: 'silent' }),
    });

  test('ends error "Interrupted by service restart" after the heartbeat timeout, not before', async () => {
    const runId = (await run('weekly_house_keeping')).body.run_id as number;
    const base = { run_id: runId, task_id: 'weekly_house_keeping', service: 'gateway' as const };
    await world.publisher.publish('task.run_started', {
      ...base,
      started_at: new Date().toISOString(),
    });
    await waitFor(async () => (await task('weekly_house_keeping')).status === 'running');

    expect(await sweeperAt(HEARTBEAT_TIMEOUT_MS - 10_000).sweep()).toBe(0);
    expect((await task('weekly_house_keeping')).status).toBe('running');

    expect(await sweeperAt(HEARTBEAT_TIMEOUT_MS + 10_000).sweep()).toBe(1);
    const ended = await task('weekly_house_keeping');
    expect(ended).toMatchObject({ status: 'error', error: 'Interrupted by service restart' });

    // A late report of the dead run changes nothing; the task can run again.
    const processed = await world.service.db.inboxMessage.count();
    await world.publisher.publish('task.run_completed', {
      ...base,
      items_processed: 1,
      summary: {},
      completed_at: new Date().toISOString(),
    });
    await waitFor(async () => (await world.service.db.inboxMessage.count()) > processed);
    expect((await run('weekly_house_keeping')).status).toBe(202);
    const runs = (await world.api<TaskRunPage>('GET', '/api/v1/tasks/weekly_house_keeping/runs'))
      .body;
    expect(runs.items.find((r) => r.id === runId)).toMatchObject({ status: 'error' });
  });
});
