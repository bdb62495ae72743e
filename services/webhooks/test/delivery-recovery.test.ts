import { feedRepository } from '../src/feed/feed.repository';
import { lifecycleEvent } from './support/events';
import {
  afterAttempts,
  deliveryOf,
  newEndpoint,
  scriptedReceiver,
  useDeliveryWorld,
  type DeliveryWorld,
} from './support/delivery-world';

/** PostgreSQL holds the deliveries; BullMQ only times them (§4.6; §6 33). */
const world = useDeliveryWorld();

const sweep = () => world.service.services.delivery.sweeper.sweep();

const deliveryRow = (id: bigint) => world.service.db.delivery.findUniqueOrThrow({ where: { id } });

/** Deletes every key under the service's Redis prefix: the job queue's store is lost. */
async function flushQueueStore(w: DeliveryWorld): Promise<void> {
  const redis = w.service.runtime.redis;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${w.env.redisPrefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/**
 * An event stored with its deliveries and nothing queued, as if the process died at commit.
 * `dueIn` stores its deliveries as due that much later than now: an attempt still finishing
 * on the same endpoint then cannot hand over to it (§4.7 lets a later event pass a delivery
 * waiting for its retry), so only the sweeper can find it.
 */
async function storedWithoutJob(dueIn = 0) {
  const event = lifecycleEvent('candidate.canceled', { occurredAt: world.clock.now() });
  const storedAt = new Date(world.clock.now().getTime() + dueIn);
  await world.service.db.$transaction((tx) => feedRepository.store(tx, [event], storedAt));
  return event;
}

test('deliveries pending when the service stops are delivered by the next instance', async () => {
  const receiver = await scriptedReceiver([503, 204]);
  const endpoint = await newEndpoint(world, { url: receiver.url });
  const event = await world.publish();
  const delivery = await deliveryOf(world, event.id, endpoint.id);
  const waiting = await afterAttempts(world, delivery.id, 1);
  expect(waiting.status).toBe('pending');

  // The new instance's sweep at start finds the delivery due: the job left in Redis runs now.
  await world.restart(() => world.clock.set(waiting.nextAttemptAt!));
  const row = await afterAttempts(world, delivery.id, 2);
  expect(row.status).toBe('delivered');
  expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id]);
});

test('after the job queue store is flushed, one sweep kicks the idle endpoint and each of its due deliveries is delivered once', async () => {
  const receiver = await scriptedReceiver([503, 204]);
  const endpoint = await newEndpoint(world, { url: receiver.url });
  const retried = await world.publish();
  const retriedDelivery = await deliveryOf(world, retried.id, endpoint.id);
  const waiting = await afterAttempts(world, retriedDelivery.id, 1);
  // One more delivery whose job vanishes with the store before it ran; due before the retry
  // (at least a minute away), but not while the first attempt may still be handing over.
  const never = await storedWithoutJob(1000);
  const neverDelivery = await deliveryOf(world, never.id, endpoint.id);

  await flushQueueStore(world);
  world.clock.set(waiting.nextAttemptAt!);
  // One job for the endpoint's head; the hand-over after its attempt brings the next one.
  expect(await sweep()).toBe(1);
  expect((await afterAttempts(world, retriedDelivery.id, 2)).status).toBe('delivered');
  expect((await afterAttempts(world, neverDelivery.id, 1)).status).toBe('delivered');
  // Feed order on the endpoint: the older event's retry first, then the newer event.
  expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
    retried.id,
    retried.id,
    never.id,
  ]);
  expect(await sweep()).toBe(0);
});

test('a delivery stored but never queued (enqueue failed after commit) is picked up by the sweeper', async () => {
  const receiver = await scriptedReceiver([204]);
  const endpoint = await newEndpoint(world, { url: receiver.url });
  const event = await storedWithoutJob();
  const delivery = await deliveryOf(world, event.id, endpoint.id);
  expect(await sweep()).toBe(1);
  expect((await afterAttempts(world, delivery.id, 1)).status).toBe('delivered');
  expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([event.id]);
});

test('a delivery whose worker died mid-attempt is attempted again once its lease expires, not before', async () => {
  const receiver = await scriptedReceiver([204]);
  const endpoint = await newEndpoint(world, { url: receiver.url, timeoutSeconds: 15 });
  const event = await storedWithoutJob();
  const delivery = await deliveryOf(world, event.id, endpoint.id);
  // What a claim leaves behind when its process dies: the lease (timeout + 30 s), no record.
  const lease = new Date(world.clock.now().getTime() + 45_000);
  await world.service.db.delivery.update({
    where: { id: delivery.id },
    data: { leaseExpiresAt: lease },
  });
  expect(await sweep()).toBe(0);
  world.clock.set(lease);
  expect(await sweep()).toBe(1);
  expect((await afterAttempts(world, delivery.id, 1)).status).toBe('delivered');
  expect(receiver.received).toHaveLength(1);
  expect((await deliveryRow(delivery.id)).leaseExpiresAt).toBeNull();
});
