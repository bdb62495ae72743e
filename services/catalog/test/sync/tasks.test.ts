import { randomUUID } from 'node:crypto';
import { waitFor } from '@mcs/kit/testing';
import { useWorld } from '../support/world';

/** Run semantics (domain.md 9) and the projection backfill command. */
const world = useWorld({
  sim: { movies: 6, series: 2, seasonsPerSeries: 1, episodesPerSeason: 2 },
});

test('a sync without a main media server fails with main_server_required', async () => {
  const run = await world.runTask('sync_media');
  expect(run).toMatchObject({ status: 'error' });
  await world.drained();
  const failed = world.broker.of('task.run_failed');
  expect(failed.at(-1)).toMatchObject({
    task_id: 'sync_media',
    service: 'catalog',
    error_code: 'main_server_required',
  });
});

test('a run reports started, progress and completion with items_processed; a repeat is ignored', async () => {
  await world.configure();
  const run = await world.runTask('sync_media');
  expect(run.status).toBe('completed');
  expect(run.itemsProcessed).toBeGreaterThan(0);
  const row = await world.service.db.taskRun.findFirstOrThrow({
    where: { status: 'completed', taskId: 'sync_media' },
  });
  expect(row.progress).toBe(100);
  await world.drained();
  await waitFor(() => world.broker.of('task.run_completed').length === 1);
  const runId = Number(row.runId);
  expect(world.broker.of('task.run_started').filter((m) => m.run_id === runId)).toHaveLength(1);
  expect(
    world.broker.of('task.run_progressed').filter((m) => m.run_id === runId).length,
  ).toBeGreaterThan(0);
  const [completed] = world.broker.of('task.run_completed');
  expect(completed).toMatchObject({
    run_id: runId,
    items_processed: run.itemsProcessed,
    summary: { kind: 'full' },
  });
  // media.synced follows every media.* event of the run.
  const synced = world.broker.messages.findIndex((m) => m.name === 'media.synced');
  const lastFacts = world.broker.messages.map((m) => m.name).lastIndexOf('media.items_upserted');
  expect(synced).toBeGreaterThan(lastFacts);
  // The scheduler's command delivered again changes nothing.
  const again = randomUUID();
  const other = randomUUID();
  await world.broker.send(
    'task.run.sync_media',
    { run_id: runId, task_id: 'sync_media', trigger: 'manual', requested_by: null },
    again,
  );
  await world.broker.send(
    'task.run.weekly_house_keeping',
    { run_id: runId + 1, task_id: 'weekly_house_keeping', trigger: 'schedule', requested_by: null },
    other,
  );
  await waitFor(
    async () =>
      (await world.service.db.inboxMessage.count({
        where: { messageId: { in: [again, other] } },
      })) === 2,
  );
  await waitFor(
    async () =>
      (await world.service.db.taskRun.findUnique({ where: { runId: BigInt(runId + 1) } }))
        ?.status === 'completed',
  );
  expect(world.broker.of('task.run_started').filter((m) => m.run_id === runId)).toHaveLength(1);
});

test('sync_requests stores the Seerr snapshot and publishes requests of the items', async () => {
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_requests');
  expect(run.status).toBe('completed');
  expect(await world.service.db.seerrRequest.count()).toBeGreaterThan(0);
  const items = (await world.outbox('media.requests_changed', mark)).flatMap((m) => m.items);
  expect(items.length).toBeGreaterThan(0);
  expect(items[0]?.requests[0]?.requester_identities.seerr_user_key).toMatch(/^\d+:\d+$/);
  // Nothing changed in Seerr: a second sweep publishes nothing.
  const again = await world.outboxMark();
  await world.runTask('sync_requests');
  expect(await world.outbox('media.requests_changed', again)).toEqual([]);
});

test('catalog.media.backfill republishes the facts of every live movie and series', async () => {
  const mark = await world.outboxMark();
  await world.broker.send('catalog.media.backfill', {
    requested_by_service: 'cleanup',
    since: null,
  });
  const live =
    (await world.service.db.movie.count({ where: { removedAt: null } })) +
    (await world.service.db.series.count({ where: { removedAt: null } }));
  const items = await waitFor(async () => {
    const all = (await world.outbox('media.items_upserted', mark)).flatMap((m) => m.items);
    return all.length >= live ? all : undefined;
  });
  expect(new Set(items.map((i) => `${i.media_type}:${i.media_id}`)).size).toBe(live);
  await waitFor(async () => (await world.outbox('media.requests_changed', mark)).length > 0);
});
