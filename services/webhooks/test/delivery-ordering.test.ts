import {
  afterAttempts,
  deliveryOf,
  newEndpoint,
  scriptedReceiver,
  useDeliveryWorld,
} from './support/delivery-world';

/** One attempt at a time per endpoint, in feed order, endpoints in parallel (§4.7; §6 34). */
const world = useDeliveryWorld();

async function publishAll(count: number) {
  const events = [];
  for (let i = 0; i < count; i += 1) events.push(await world.publish());
  return events;
}

/** The events' ids in feed order (their positions), once the feed stored them all. */
async function feedOrder(ids: string[]) {
  const rows = await world.service.db.event.findMany({
    where: { id: { in: ids } },
    orderBy: { position: 'asc' },
  });
  return rows.map((row) => row.id);
}

test('three events for one endpoint, two replicas, a receiver taking 400 ms: requests never overlap and first attempts arrive in feed order', async () => {
  await world.startReplica();
  const receiver = await scriptedReceiver([204], { delayMs: 400 });
  const endpoint = await newEndpoint(world, { url: receiver.url });
  const events = await publishAll(3);
  for (const event of events) {
    const delivery = await deliveryOf(world, event.id, endpoint.id);
    expect((await afterAttempts(world, delivery.id, 1)).status).toBe('delivered');
  }
  const spans = [...receiver.spans].sort((a, b) => a.start - b.start);
  expect(spans).toHaveLength(3);
  for (let i = 1; i < spans.length; i += 1)
    expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
  expect(spans.map((span) => span.webhookId)).toEqual(await feedOrder(events.map((e) => e.id)));
});

test('an endpoint answering after 10 s does not hold back another one', async () => {
  const slow = await scriptedReceiver([204], { delayMs: 10_000 });
  const fast = await scriptedReceiver([204]);
  const slowEndpoint = await newEndpoint(world, { url: slow.url });
  const fastEndpoint = await newEndpoint(world, { url: fast.url });
  const events = await publishAll(3);
  for (const event of events) {
    const delivery = await deliveryOf(world, event.id, fastEndpoint.id);
    expect((await afterAttempts(world, delivery.id, 1)).status).toBe('delivered');
  }
  // Every delivery reached the fast receiver while the slow one still holds its first request;
  // the slow endpoint's other deliveries wait for it (one attempt at a time), not the others.
  expect(fast.spans.map((span) => span.webhookId)).toEqual(
    await feedOrder(events.map((e) => e.id)),
  );
  expect(slow.received).toHaveLength(1);
  expect(slow.spans).toHaveLength(0);
  const waiting = await world.service.db.delivery.findMany({
    where: { endpointId: slowEndpoint.id },
  });
  expect(waiting.map((row) => [row.status, row.attempts])).toEqual([
    ['pending', 0],
    ['pending', 0],
    ['pending', 0],
  ]);
});
