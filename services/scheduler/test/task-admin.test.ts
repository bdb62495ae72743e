import { CronExpressionParser } from 'cron-parser';
import type { InternalApi } from '@mcs/contracts';
import type { Principal } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { useWorld } from './support/world';

type Schemas = InternalApi.components['schemas'];
type TaskView = Schemas['TaskView'];
type Queued = Schemas['TaskRunQueued'];
interface Problem {
  code: string;
  errors?: { in: string; name: string; message: string }[];
}

/** The administrators' task routes (internal-api.md §7), as the gateway forwards them. */
const world = useWorld();
const ADMIN: Principal = { type: 'user', id: 42, role: 'admin', name: 'Ada' };
const USER: Principal = { type: 'user', id: 43, role: 'user' };

const admin = <T>(method: string, url: string, body?: unknown) =>
  world.api<T & Problem>(method, url, { principal: ADMIN, body });
const view = async (id: string) => (await admin<TaskView>('GET', `/api/tasks/tasks/${id}`)).body;
const setSchedule = (id: string, body: unknown) =>
  admin<TaskView>('PUT', `/api/tasks/tasks/${id}/schedule`, body);

test('the task page lists every task with its owner, default schedule and runs', async () => {
  const { status, body } = await admin<{ items: TaskView[] }>('GET', '/api/tasks/tasks');
  expect(status).toBe(200);
  expect(body.items).toHaveLength(9);
  expect(body.items.find((t) => t.id === 'weekly_house_keeping')).toMatchObject({
    can_disable: false,
    owning_service: 'scheduler',
    default_schedule: { schedule_type: 'cron', schedule_value: '0 8 * * 0' },
    schedule_customized: false,
    active_run: null,
    last_run: null,
  });
  expect(await view('sync_requests')).toMatchObject({
    can_disable: true,
    owning_service: 'catalog',
  });
});

test('only administrators reach the task routes; an API token does not', async () => {
  const token: Principal = { type: 'api_token', id: 1, scopes: ['tasks:run'] };
  for (const principal of [USER, token]) {
    const reply = await world.api<Problem>('GET', '/api/tasks/tasks', { principal });
    expect([reply.status, reply.body.code]).toEqual([403, 'forbidden']);
  }
});

test('a manual run is queued for the user, then answered as already active with its status', async () => {
  const first = await admin<Queued>('POST', '/api/tasks/tasks/sync_requests/run');
  expect(first.status).toBe(202);
  expect(first.body).toMatchObject({
    status: 'queued',
    task_id: 'sync_requests',
    already_active: false,
  });
  expect(first.body.job_id).toBe(first.body.run_id);
  const runId = first.body.run_id;
  const command = await waitFor(() =>
    world.commands.messages.find((m) => m.payload.run_id === runId),
  );
  expect(command.payload).toMatchObject({
    trigger: 'manual',
    requested_by: { type: 'user', id: 42 },
  });

  await world.publisher.publish('task.run_started', {
    run_id: runId,
    task_id: 'sync_requests',
    service: 'catalog',
    started_at: new Date().toISOString(),
  });
  const again = await waitFor(
    async () => {
      const reply = await admin<Queued>('POST', '/api/tasks/tasks/sync_requests/run');
      return reply.body.status === 'running' && reply;
    },
    { what: 'the run to be running' },
  );
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ run_id: runId, already_active: true });
  expect((await view('sync_requests')).active_run).toMatchObject({
    id: runId,
    status: 'running',
    trigger: 'manual',
    requested_by: { type: 'user', id: 42 },
  });

  const history = await admin<Schemas['TaskRunDetailPage']>(
    'GET',
    '/api/tasks/history?task_id=sync_requests',
  );
  expect(history.body.total).toBe(1);
  expect(history.body.items[0]).toMatchObject({ id: runId, trigger: 'manual', summary: {} });
  await world.publisher.publish('task.run_completed', {
    run_id: runId,
    task_id: 'sync_requests',
    service: 'catalog',
    items_processed: 3,
    summary: { requests: 3 },
    completed_at: new Date().toISOString(),
  });
  const done = await waitFor(
    async () => {
      const task = await view('sync_requests');
      return task.active_run === null && task;
    },
    { what: 'the run to finish' },
  );
  expect(done.last_run).toMatchObject({ id: runId, status: 'completed', summary: { requests: 3 } });
});

test('a disabled task is refused, and so is disabling a task that cannot be disabled', async () => {
  const run = await admin('POST', '/api/tasks/tasks/delete_cleanup_candidates/run');
  expect([run.status, run.body.code]).toEqual([409, 'task_disabled']);
  const disable = await setSchedule('weekly_house_keeping', {
    schedule_type: 'cron',
    schedule_value: '0 8 * * 0',
    enabled: false,
  });
  expect([disable.status, disable.body.code]).toEqual([409, 'task_not_disableable']);
  expect((await view('weekly_house_keeping')).enabled).toBe(true);
});

test.each([
  ['cron', '61 * * *'],
  ['cron', '61 * * * *'],
  ['cron', '0 0 * * * *'],
  ['cron', '@daily'],
  ['interval', '59'],
  ['interval', '604801'],
  ['interval', '1e3'],
  ['manual', '3600'],
])(
  'an invalid schedule (%s %j) is 422 on schedule_value and changes nothing',
  async (type, value) => {
    const reply = await setSchedule('sync_requests', {
      schedule_type: type,
      schedule_value: value,
      enabled: true,
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([expect.objectContaining({ name: 'schedule_value' })]);
    expect(await world.service.db.taskSetting.count({ where: { taskId: 'sync_requests' } })).toBe(
      0,
    );
  },
);

test('a valid cron moves next_run_at; sending the default back follows the default again', async () => {
  const changed = await setSchedule('refresh_playback_history', {
    schedule_type: 'cron',
    schedule_value: '17 3 * * *',
    enabled: true,
  });
  expect(changed.status).toBe(200);
  // In the server's time zone, as BullMQ's job scheduler evaluates it.
  const expected = CronExpressionParser.parse('17 3 * * *').next().toISOString();
  expect(changed.body).toMatchObject({
    schedule_type: 'cron',
    schedule_value: '17 3 * * *',
    schedule_customized: true,
    next_run_at: expected,
  });

  const reset = await setSchedule('refresh_playback_history', {
    schedule_type: 'interval',
    schedule_value: '900',
    enabled: true,
  });
  expect(reset.body).toMatchObject({ schedule_customized: false, schedule_value: '900' });
  const next = Date.parse(reset.body.next_run_at ?? '');
  expect(next).toBeGreaterThan(Date.now());
  expect(next).toBeLessThanOrEqual(Date.now() + 900_000);
});

test('disabling a task removes its next run and refuses triggers until it is enabled again', async () => {
  const off = await setSchedule('tag_cleanup_candidates', {
    schedule_type: 'cron',
    schedule_value: '0 12 * * *',
    enabled: false,
  });
  expect(off.body).toMatchObject({ enabled: false, status: 'disabled', next_run_at: null });
  const on = await setSchedule('tag_cleanup_candidates', {
    schedule_type: 'manual',
    schedule_value: '',
    enabled: true,
  });
  expect(on.body).toMatchObject({ enabled: true, schedule_type: 'manual', next_run_at: null });
});

test('history filters by status and trigger, and refuses an unknown task id', async () => {
  const failed = await admin<Schemas['TaskRunDetailPage']>(
    'GET',
    '/api/tasks/history?status=error',
  );
  expect([failed.status, failed.body.total]).toEqual([200, 0]);
  const unknown = await admin('GET', '/api/tasks/history?task_id=no_such_task');
  expect([unknown.status, unknown.body.errors?.[0]?.name]).toEqual([422, 'task_id']);
  const manual = await admin<Schemas['TaskRunDetailPage']>(
    'GET',
    '/api/tasks/history?trigger=manual&per_page=200',
  );
  expect(manual.body.items.every((item) => item.trigger === 'manual')).toBe(true);
  const tooMany = await admin('GET', '/api/tasks/history?per_page=201');
  expect(tooMany.status).toBe(422);
});
