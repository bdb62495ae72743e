import { randomUUID } from 'node:crypto';
import type { InternalApi } from '@mcs/contracts';
import type { Principal } from '@mcs/kit';
import { deadLetters, publishUnchecked, waitFor } from '@mcs/kit/testing';
import { useWorld } from './support/world';

type TaskView = InternalApi.components['schemas']['TaskView'];

/** scheduler.task.trigger: another service (cleanup, decision 016) asks for a user's run now. */
const world = useWorld();
const ADMIN: Principal = { type: 'user', id: 42, role: 'admin' };
const TASK = 'delete_cleanup_candidates';
const queue = () => `${world.env.namespace}.scheduler.task-triggers`;
const publishRaw = (body: unknown) =>
  publishUnchecked(
    `${world.env.namespace}.commands`,
    'scheduler.task.trigger',
    JSON.stringify(body),
    randomUUID(),
  );

/** Publishes the command and waits until the scheduler has committed its handling of it. */
async function command(taskId: string, userId: number, messageId = randomUUID()) {
  await world.publisher.publish(
    'scheduler.task.trigger',
    { task_id: taskId, requested_by_user_id: userId },
    { messageId },
  );
  // null is a value to waitFor: wait for the inbox row itself.
  await waitFor(
    async () => (await world.service.db.inboxMessage.count({ where: { messageId } })) > 0,
    { what: `command ${messageId} handled` },
  );
}

const runsOf = (taskId: string) =>
  world.service.db.taskRun.findMany({ where: { taskId }, orderBy: { id: 'asc' } });
const view = async (id: string) =>
  (await world.api<TaskView>('GET', `/api/tasks/tasks/${id}`, { principal: ADMIN })).body;
const setEnabled = (id: string, enabled: boolean) =>
  world.api('PUT', `/api/tasks/tasks/${id}/schedule`, {
    principal: ADMIN,
    // manual: no due time can fire a run of its own during the test.
    body: { schedule_type: 'manual', schedule_value: '', enabled },
  });

test('a task that needs a main media server gets no run without one, and the command is acked', async () => {
  await command('sync_media', 42);
  expect(await runsOf('sync_media')).toEqual([]);
});

test('a disabled task gets no run, and the command is acked', async () => {
  await world.setMainServer(true);
  await command(TASK, 42);
  expect(await runsOf(TASK)).toEqual([]);
  expect((await view(TASK)).status).toBe('disabled');
});

test('the command queues a manual run by the requesting user and sends it to the owner', async () => {
  expect((await setEnabled(TASK, true)).status).toBe(200);
  await command(TASK, 42);
  const [run] = await runsOf(TASK);
  expect(run).toMatchObject({
    status: 'queued',
    trigger: 'manual',
    requestedBy: { type: 'user', id: 42 },
  });
  const runId = Number(run?.id);
  const dispatched = await waitFor(() =>
    world.commands.messages.find((m) => m.payload.run_id === runId),
  );
  expect(dispatched).toMatchObject({
    name: `task.run.${TASK}`,
    payload: { task_id: TASK, trigger: 'manual', requested_by: { type: 'user', id: 42 } },
  });
  expect((await view(TASK)).active_run).toMatchObject({
    id: runId,
    status: 'queued',
    trigger: 'manual',
    requested_by: { type: 'user', id: 42 },
  });
});

test('while that run is active, a second command and a redelivered one add no run', async () => {
  const [active] = await runsOf(TASK);
  const messageId = randomUUID();
  await command(TASK, 43, messageId);
  // The same message again, as a relay that died before marking it sent would publish it.
  await command(TASK, 43, messageId);
  await command(TASK, 44);
  expect(await runsOf(TASK)).toEqual([active]);
  expect(world.commands.messages.filter((m) => m.name === `task.run.${TASK}`)).toHaveLength(1);
});

test('an unknown task id or a malformed command is dead-lettered, and later commands still work', async () => {
  const unknown = { task_id: 'no_such_task', requested_by_user_id: 42 };
  const malformed = { task_id: TASK };
  await publishRaw(unknown);
  await publishRaw(malformed);
  const dead: unknown[] = [];
  await waitFor(
    async () => {
      dead.push(...(await deadLetters(queue())).map((body) => JSON.parse(body) as unknown));
      return dead.length === 2;
    },
    { what: 'both commands dead-lettered' },
  );
  expect(dead).toEqual(expect.arrayContaining([unknown, malformed]));
  expect(await world.service.db.taskRun.count({ where: { taskId: 'no_such_task' } })).toBe(0);

  await command('sync_requests', 42);
  expect(await runsOf('sync_requests')).toMatchObject([{ trigger: 'manual' }]);
});
