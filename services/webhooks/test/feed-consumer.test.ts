import { randomUUID } from 'node:crypto';
import { waitFor } from '@mcs/kit/testing';
import { EVENT_TYPES } from '../src/domain/event-types';
import { newEndpoint } from './support/endpoints';
import { lifecycleEvent } from './support/events';
import { useWorld } from './support/world';

/** The feed store fed by the broker: cleanup's lifecycle events, each stored once. */
const world = useWorld({ deliver: false });

const storedEvent = (id: string) =>
  waitFor(() => world.service.db.event.findUnique({ where: { id } }).then((row) => row ?? false), {
    what: `event ${id} stored`,
  });

test('every one of the 11 lifecycle events published by cleanup is stored with its record', async () => {
  const events = EVENT_TYPES.map((type) => lifecycleEvent(type, { candidateId: 900 }));
  for (const event of events) {
    await world.publisher.publish(event.type, event, { messageId: event.id });
  }
  for (const event of events) {
    const row = await storedEvent(event.id);
    expect(row).toMatchObject({
      type: event.type,
      occurredAt: new Date(event.occurred_at),
      candidateId: event.candidate_id === null ? null : BigInt(event.candidate_id),
      actorType: event.actor.type,
      actorId: event.actor.id === null ? null : BigInt(event.actor.id),
      mediaType: event.media_type,
      operationId: event.operation_id === null ? null : BigInt(event.operation_id),
      payload: event.payload,
    });
  }
  const positions = await world.service.db.event.findMany({
    where: { id: { in: events.map((e) => e.id) } },
    select: { position: true },
  });
  expect(new Set(positions.map((p) => p.position)).size).toBe(11);
});

test('an event delivered twice, or published again under another message id, is stored once', async () => {
  const event = lifecycleEvent('candidate.canceled');
  const again = randomUUID();
  await world.publisher.publish(event.type, event, { messageId: event.id });
  await world.publisher.publish(event.type, event, { messageId: event.id });
  await world.publisher.publish(event.type, event, { messageId: again });
  await storedEvent(event.id);
  // The last copy has been handled once its inbox record exists.
  await waitFor(() =>
    world.service.db.inboxMessage.findFirst({ where: { messageId: again } }).then((r) => !!r),
  );
  expect(await world.service.db.event.count({ where: { id: event.id } })).toBe(1);
});

test('an event creates one pending delivery for each enabled, subscribed endpoint that allows its media type, and none for the others', async () => {
  const db = world.service.db;
  const match = await newEndpoint(db, { eventTypes: ['candidate.canceled'] });
  const matchToo = await newEndpoint(db, {
    eventTypes: ['candidate.postponed', 'candidate.canceled'],
    mediaTypes: ['movie'],
  });
  await newEndpoint(db, { eventTypes: ['candidate.canceled'], enabled: false });
  await newEndpoint(db, { eventTypes: ['candidate.canceled'], deleted: true });
  await newEndpoint(db, { eventTypes: ['candidate.postponed'] });
  await newEndpoint(db, { eventTypes: ['candidate.canceled'], mediaTypes: ['series'] });

  const event = lifecycleEvent('candidate.canceled', { mediaType: 'movie' });
  await world.publisher.publish(event.type, event, { messageId: event.id });
  const redelivery = randomUUID();
  await world.publisher.publish(event.type, event, { messageId: redelivery });
  const stored = await storedEvent(event.id);
  await waitFor(() =>
    db.inboxMessage.findFirst({ where: { messageId: redelivery } }).then((r) => !!r),
  );

  const deliveries = await db.delivery.findMany({
    where: { eventId: event.id },
    orderBy: { endpointId: 'asc' },
  });
  expect(deliveries.map((d) => d.endpointId)).toEqual([match.id, matchToo.id]);
  for (const delivery of deliveries) {
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 0,
      round: 1,
      eventPosition: stored.position,
      nextAttemptAt: world.clock.now(),
      leaseExpiresAt: null,
      deliveredAt: null,
    });
  }
});

test('an event of a type nobody subscribes to is stored without deliveries', async () => {
  const event = lifecycleEvent('protection.removed', { mediaType: 'series' });
  await world.publisher.publish(event.type, event, { messageId: event.id });
  await storedEvent(event.id);
  expect(await world.service.db.delivery.count({ where: { eventId: event.id } })).toBe(0);
});
