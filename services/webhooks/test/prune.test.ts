import { DAY, waitFor } from '@mcs/kit/testing';
import { newEndpoint } from './support/endpoints';
import { follow } from './support/feed';
import { useWorld } from './support/world';

/** prune_event_feed (events-webhooks.md §2.6): retention for the feed and delivery history. */
const world = useWorld({ deliver: false });

const command = (runId: number) =>
  world.publisher.publish('task.run.prune_event_feed', {
    run_id: runId,
    task_id: 'prune_event_feed',
    trigger: 'schedule',
    requested_by: null,
  });

const report = (name: string, runId: number) =>
  waitFor(
    () =>
      world.service.db.outboxMessage
        .findMany({ where: { routingKey: name } })
        .then((rows) => rows.find((row) => (row.payload as { run_id?: number }).run_id === runId)),
    { what: `${name} of run ${runId}` },
  );

/** Finishes a delivery with one recorded attempt, as the delivery worker would. */
async function finish(deliveryId: bigint, status: 'delivered' | 'failed') {
  const now = world.clock.now();
  await world.service.db.delivery.update({
    where: { id: deliveryId },
    data: {
      status,
      attempts: 1,
      nextAttemptAt: null,
      deliveredAt: status === 'delivered' ? now : null,
      lastStatusCode: status === 'delivered' ? 204 : 404,
      attemptLog: {
        create: {
          round: 1,
          number: 1,
          startedAt: now,
          durationMs: 12,
          statusCode: status === 'delivered' ? 204 : 404,
          outcome: status === 'delivered' ? 'delivered' : 'permanent_failure',
          error: status === 'delivered' ? null : 'HTTP 404: not here',
        },
      },
    },
  });
}

test('with the clock 8 days on, a run keeps every event under the default 90 days; once settings.changed sets retention to 7 days, a run deletes older events with their deliveries and attempts, keeps those with a pending delivery, and reports its part', async () => {
  const db = world.service.db;
  await newEndpoint(db, { eventTypes: ['candidate.canceled', 'candidate.deleted'] });
  const delivered = await world.store('candidate.canceled');
  const failed = await world.store('candidate.deleted');
  const pending = await world.store('candidate.canceled');
  await world.store('protection.created');
  const deliveryOf = async (eventId: string) =>
    (await db.delivery.findFirstOrThrow({ where: { eventId } })).id;
  await finish(await deliveryOf(delivered.id), 'delivered');
  await finish(await deliveryOf(failed.id), 'failed');

  world.clock.advance(8 * DAY);
  const recent = await world.store('candidate.postponed');
  await command(30);
  expect((await report('task.run_completed', 30)).payload).toMatchObject({
    summary: { events_pruned: 0, deliveries_pruned: 0 },
  });
  expect(await db.event.count()).toBe(5);

  await world.setRetentionDays(7);

  await command(31);
  const completed = await report('task.run_completed', 31);
  expect(completed.payload).toMatchObject({
    run_id: 31,
    task_id: 'prune_event_feed',
    service: 'webhooks',
    items_processed: 3,
    summary: { events_pruned: 3, deliveries_pruned: 2 },
    completed_at: world.clock.now().toISOString(),
  });
  expect((await report('task.run_started', 31)).payload).toMatchObject({ service: 'webhooks' });

  const left = await db.event.findMany({ orderBy: { position: 'asc' }, select: { id: true } });
  expect(left.map((e) => e.id)).toEqual([pending.id, recent.id]);
  expect(await db.delivery.count()).toBe(1);
  expect(await db.deliveryAttempt.count()).toBe(0);

  // The feed starts at the oldest retained event; the kept one is past the window.
  expect((await follow(world)).items.map((item) => item.id)).toEqual([recent.id]);

  // Once its delivery finishes, the next run prunes the kept event too.
  await finish(await deliveryOf(pending.id), 'delivered');
  await command(32);
  expect((await report('task.run_completed', 32)).payload).toMatchObject({
    summary: { events_pruned: 1, deliveries_pruned: 1 },
  });
  expect(await db.event.count()).toBe(1);
});

test('a run also deletes the notifications past the window with their deliveries, but not one still being retried', async () => {
  const db = world.service.db;
  await world.setRetentionDays(7);
  const now = world.clock.now().getTime();
  const notification = (subject: string, daysAgo: number, status: string) =>
    db.notification.create({
      data: {
        event: 'alert',
        subject,
        severity: 'warning',
        title: subject,
        message: 'Something happened.',
        facts: [],
        occurredAt: new Date(now - daysAgo * DAY),
        deliveries: { create: { channelId: 'c1', channelName: 'Phone', status } },
      },
    });
  await notification('alert/1', 10, 'delivered');
  await notification('alert/2', 10, 'pending');
  await notification('alert/3', 1, 'delivered');

  await command(40);
  expect((await report('task.run_completed', 40)).payload).toMatchObject({
    summary: { notifications_pruned: 1 },
  });
  const left = await db.notification.findMany({ orderBy: { subject: 'asc' } });
  expect(left.map((row) => row.subject)).toEqual(['alert/2', 'alert/3']);
  expect(await db.notificationDelivery.count()).toBe(2);
});
