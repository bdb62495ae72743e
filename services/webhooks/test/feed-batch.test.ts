import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { BrokerConnection, brokerNames, createLogger, envelope } from '@mcs/kit';
import { TEST_AMQP_URL, waitFor } from '@mcs/kit/testing';
import { SCHEMA } from '../src/db';
import { newEndpoint } from './support/endpoints';
import { lifecycleEvent } from './support/events';
import { useWorld } from './support/world';

/**
 * The feed's batched intake: the events at hand are stored in one statement of one
 * transaction (decisions 010, 015), each once, in order, with consecutive positions.
 */
const world = useWorld({ deliver: false });

const positionsOf = async (ids: string[]) => {
  const rows = await world.service.db.event.findMany({
    where: { id: { in: ids } },
    select: { id: true, position: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row.position]));
  return ids.map((id) => byId.get(id));
};

const consecutive = (positions: (bigint | undefined)[]) =>
  positions.map((position) => Number(position) - Number(positions[0]));

test('events stored together get consecutive positions in the order given, each with its deliveries', async () => {
  const db = world.service.db;
  const endpoint = await newEndpoint(db, { eventTypes: ['candidate.postponed'] });
  const events = [
    lifecycleEvent('candidate.postponed'),
    lifecycleEvent('protection.created'),
    lifecycleEvent('candidate.postponed'),
  ];
  const stored = await db.$transaction((tx) =>
    world.service.services.feedStore.storeAll(tx, events),
  );

  const positions = await positionsOf(events.map((event) => event.id));
  expect(consecutive(positions)).toEqual([0, 1, 2]);
  expect(stored.map((result) => result.position)).toEqual(positions);
  const deliveries = await db.delivery.findMany({ where: { endpointId: endpoint.id } });
  const created = (event?: { id: string }) =>
    deliveries
      .filter((d) => d.eventId === event?.id)
      .map((d) => ({ id: d.id, endpointId: endpoint.id }));
  expect(stored.map((result) => result.deliveries)).toEqual([
    created(events[0]),
    [],
    created(events[2]),
  ]);
  expect(deliveries).toHaveLength(2);
});

test('an event given twice in one list, or stored before, is stored once and draws no position', async () => {
  const db = world.service.db;
  const storeAll = (events: ReturnType<typeof lifecycleEvent>[]) =>
    db.$transaction((tx) => world.service.services.feedStore.storeAll(tx, events));
  const earlier = lifecycleEvent('candidate.canceled');
  await storeAll([earlier]);
  const first = lifecycleEvent('candidate.canceled');
  const second = lifecycleEvent('candidate.deleted');

  const stored = await storeAll([first, earlier, first, second]);

  expect(stored.map((result) => result.position === null)).toEqual([false, true, true, false]);
  expect(consecutive(await positionsOf([earlier.id, first.id, second.id]))).toEqual([0, 1, 2]);
  expect(await db.event.count({ where: { id: { in: [earlier.id, first.id] } } })).toBe(2);
});

test('events that reach the consumer together are stored once each, in the order published, and an invalid message among them does not lose the others', async () => {
  const db = world.service.db;
  const names = brokerNames(world.env.namespace);
  const queue = names.queue(SCHEMA, 'feed');
  const [a, b, c, later] = [
    lifecycleEvent('candidate.canceled'),
    lifecycleEvent('candidate.postponed'),
    lifecycleEvent('protection.created'),
    lifecycleEvent('candidate.deleted'),
  ];
  // Holding the feed lock keeps the consumer's first transaction waiting, so the rest of the
  // messages pile up behind it and are stored together.
  const holder = new Client({ connectionString: world.env.databaseUrl });
  await holder.connect();
  const broker = await BrokerConnection.connect(
    TEST_AMQP_URL,
    createLogger({ service: 'test', level: 'silent' }),
  );
  try {
    await holder.query('BEGIN');
    await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended('webhooks:feed', 0))`);
    await world.publisher.publish(a.type, a, { messageId: a.id });
    await world.publisher.publish(a.type, a, { messageId: a.id });
    await world.publisher.publish(b.type, b, { messageId: b.id });
    await world.publisher.publish(b.type, b, { messageId: randomUUID() });
    const invalid = { id: 'nope' } as unknown as typeof c;
    await world.publisher.publishEnvelopes([
      { ...envelope(c.type, c), payload: invalid, messageId: randomUUID() },
    ]);
    await world.publisher.publish(c.type, c, { messageId: c.id });
    const model = broker.current();
    if (!model) throw new Error('not connected to the broker');
    const channel = await model.createChannel();
    await waitFor(async () => (await channel.checkQueue(`${queue}.dlq`)).messageCount === 1, {
      what: 'the invalid message dead-lettered',
    });
    await waitFor(async () => (await channel.checkQueue(queue)).messageCount === 0, {
      what: 'every message at the consumer',
    });
    await holder.query('COMMIT');

    await waitFor(async () => (await db.event.count({ where: { id: c.id } })) === 1, {
      what: 'the last event stored',
    });
    expect(consecutive(await positionsOf([a.id, b.id, c.id]))).toEqual([0, 1, 2]);
    expect(await db.event.count({ where: { id: { in: [a.id, b.id] } } })).toBe(2);

    // Across batches: the same event under another message id is stored once, too.
    const again = randomUUID();
    await world.publisher.publish(a.type, a, { messageId: again });
    await world.publisher.publish(later.type, later, { messageId: later.id });
    await waitFor(async () => (await db.event.count({ where: { id: later.id } })) === 1, {
      what: 'the event after the repeat',
    });
    expect(await db.inboxMessage.count({ where: { messageId: again } })).toBe(1);
    expect(await db.event.count({ where: { id: a.id } })).toBe(1);
    expect(consecutive(await positionsOf([c.id, later.id]))).toEqual([0, 1]);
  } finally {
    await holder.end();
    await broker.close();
  }
});
