import type { ExternalApi } from '@mcs/contracts';
import { waitFor, TEST_ENCRYPTION_KEYS } from '@mcs/kit/testing';
import { startScheduler, type SchedulerService } from '../src/server';
import { useWorld } from './support/world';

type Task = ExternalApi.components['schemas']['Task'];

/**
 * Schedules are BullMQ job schedulers (issue 12): one fire per due time however many replicas
 * run, next_run_at from the scheduler. A one-second interval is written straight into the
 * settings (the API allows 60 s at least) so the test does not wait for real minutes.
 */
const world = useWorld();
let replica: SchedulerService;

afterAll(() => replica.stop());

test('interval and cron tasks are listed with their next run, manual and disabled tasks without one', async () => {
  const { items } = (await world.api<{ items: Task[] }>('GET', '/api/v1/tasks')).body;
  const byId = new Map(items.map((t) => [t.id, t]));
  const next = Date.parse(byId.get('sync_media')?.next_run_at ?? '');
  // Never run: one interval (6 h) from now.
  expect(next).toBeGreaterThan(Date.now() + 21_600_000 - 60_000);
  expect(next).toBeLessThanOrEqual(Date.now() + 21_600_000);
  // A daily cron task (12:00): due within a day.
  const noon = Date.parse(byId.get('tag_cleanup_candidates')?.next_run_at ?? '');
  expect(noon - Date.now()).toBeLessThanOrEqual(86_400_000);
  expect(noon).toBeGreaterThan(Date.now() - 60_000);
  expect(byId.get('resync_media')?.next_run_at).toBeNull(); // manual
  expect(byId.get('delete_cleanup_candidates')?.next_run_at).toBeNull(); // disabled
});

test('two replicas fire a due task once per due time: every run is scheduled, none doubled', async () => {
  const { db } = world.service;
  await db.taskSetting.create({
    data: { taskId: 'sync_requests', enabled: true, scheduleType: 'interval', scheduleValue: '1' },
  });
  await world.service.services.schedules.sync();
  replica = await startScheduler({
    runtime: world.env.runtimeConfig(),
    encryptionKeys: TEST_ENCRYPTION_KEYS,
  });

  // The owner: completes each run as soon as its command arrives.
  const completed = new Set<number>();
  const done = await waitFor(
    async () => {
      for (const { payload } of world.commands.messages) {
        if (payload.task_id !== 'sync_requests' || completed.has(payload.run_id)) continue;
        completed.add(payload.run_id);
        await world.publisher.publish('task.run_completed', {
          run_id: payload.run_id,
          task_id: 'sync_requests',
          service: 'catalog',
          items_processed: 0,
          summary: {},
          completed_at: new Date().toISOString(),
        });
      }
      return completed.size >= 3 && completed;
    },
    { timeoutMs: 15_000, what: 'three scheduled runs' },
  );
  const runs = await db.taskRun.findMany({
    where: { taskId: 'sync_requests' },
    orderBy: { createdAt: 'asc' },
  });
  expect(runs.every((run) => run.trigger === 'schedule' && run.requestedBy === null)).toBe(true);
  expect(runs.length).toBeGreaterThanOrEqual(done.size);
  // One fire per second: a doubled fire would queue a second run right after the first.
  const gaps = runs
    .slice(1)
    .map((run, i) => run.createdAt.getTime() - (runs[i]?.createdAt.getTime() ?? 0));
  expect(Math.min(...gaps)).toBeGreaterThan(500);
});

test('a due time processed twice (a stalled job handed to another worker) queues one run', async () => {
  const { db } = world.service;
  await world.setMainServer(true);
  const fire = (key: string) =>
    world.service.services.trigger.fire('refresh_playback_history', key);
  const runId = await fire('repeat:refresh_playback_history:1000');
  expect(runId).not.toBeNull();
  await db.taskRun.update({
    where: { id: runId as number },
    data: { status: 'completed', completedAt: new Date() },
  });
  // The run is finished, so only the due time's key stops a second one.
  expect(await fire('repeat:refresh_playback_history:1000')).toBeNull();
  expect(await fire('repeat:refresh_playback_history:2000')).not.toBeNull();
  expect(await db.taskRun.count({ where: { taskId: 'refresh_playback_history' } })).toBe(2);
});
