import type { ServerResponse } from 'node:http';
import { waitFor } from '@mcs/kit/testing';
import { startReceiver } from './delivery/receiver';
import {
  afterAttempts,
  attemptLog,
  deliveryOf,
  newEndpoint,
  scriptedReceiver,
  untilDue,
  useDeliveryWorld,
} from './support/delivery-world';

/** Disabled and deleted endpoints get no further request (§4.3 step 2, §4.9; §6 35). */
const world = useDeliveryWorld();

const sweep = () => world.service.services.delivery.sweeper.sweep();

/** What disabling or deleting does in one transaction (§4.9), as the endpoint routes do. */
async function deactivate(endpointId: bigint, how: 'disable' | 'delete', cancel = true) {
  const now = world.clock.now();
  await world.service.db.$transaction(async (tx) => {
    if (cancel)
      await tx.delivery.updateMany({
        where: { endpointId, status: 'pending' },
        data: {
          status: 'canceled',
          nextAttemptAt: null,
          lastError: how === 'disable' ? 'Endpoint disabled' : 'Endpoint deleted',
        },
      });
    await tx.endpoint.update({
      where: { id: endpointId },
      data: { enabled: false, deletedAt: how === 'delete' ? now : null },
    });
  });
}

test('disabling an endpoint cancels its delivery waiting for a retry; no further request reaches the receiver', async () => {
  const receiver = await scriptedReceiver([503, 204]);
  const endpoint = await newEndpoint(world, { url: receiver.url });
  const event = await world.publish();
  const delivery = await deliveryOf(world, event.id, endpoint.id);
  const waiting = await afterAttempts(world, delivery.id, 1);
  await deactivate(endpoint.id, 'disable');
  world.clock.set(waiting.nextAttemptAt!);
  expect(await sweep()).toBe(0);
  const row = await world.service.db.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
  expect(row).toMatchObject({ status: 'canceled', lastError: 'Endpoint disabled', attempts: 1 });
  expect(receiver.received).toHaveLength(1);
});

test('a claim that finds its endpoint disabled or deleted cancels the delivery without a request', async () => {
  const receiver = await scriptedReceiver([503]);
  const disabled = await newEndpoint(world, { url: receiver.url });
  const deleted = await newEndpoint(world, { url: receiver.url });
  const event = await world.publish();
  const deliveries = await Promise.all(
    [disabled, deleted].map(async ({ id }) => {
      const delivery = await deliveryOf(world, event.id, id);
      return afterAttempts(world, delivery.id, 1);
    }),
  );
  // The endpoint changed but its pending deliveries were not canceled (a change racing the claim).
  await deactivate(disabled.id, 'disable', false);
  await deactivate(deleted.id, 'delete', false);
  await untilDue(world, deliveries[0]!.id);
  const rows = await waitFor(async () => {
    const found = await world.service.db.delivery.findMany({
      where: { id: { in: deliveries.map((d) => d.id) } },
      orderBy: { id: 'asc' },
    });
    return found.every((row) => row.status === 'canceled') && found;
  });
  expect(rows.map((row) => [row.lastError, row.attempts, row.leaseExpiresAt])).toEqual([
    ['Endpoint disabled', 1, null],
    ['Endpoint deleted', 1, null],
  ]);
  expect(receiver.received).toHaveLength(2);
});

test('an attempt in flight when the endpoint is disabled finishes: a 2xx is delivered, a 503 ends canceled and is not retried', async () => {
  const held: ServerResponse[] = [];
  const receiver = await startReceiver((_request, response) => held.push(response));
  try {
    const ok = await newEndpoint(world, { url: `http://127.0.0.1:${receiver.port}/ok` });
    const failing = await newEndpoint(world, { url: `http://127.0.0.1:${receiver.port}/down` });
    const event = await world.publish();
    await waitFor(() => held.length === 2, { what: 'both requests in flight' });
    await deactivate(ok.id, 'disable');
    await deactivate(failing.id, 'disable');
    for (const response of held) response.writeHead(response.req.url === '/ok' ? 204 : 503).end();
    const delivered = await afterAttempts(world, (await deliveryOf(world, event.id, ok.id)).id, 1);
    const canceled = await afterAttempts(
      world,
      (await deliveryOf(world, event.id, failing.id)).id,
      1,
    );
    expect(delivered).toMatchObject({ status: 'delivered', lastError: null });
    expect(canceled).toMatchObject({
      status: 'canceled',
      lastError: 'Endpoint disabled',
      nextAttemptAt: null,
    });
    const [attempt] = await attemptLog(world, canceled.id);
    expect(attempt).toMatchObject({ outcome: 'retryable_failure', nextAttemptAt: null });
    world.clock.advance(86_400_000);
    expect(await sweep()).toBe(0);
    expect(receiver.received).toHaveLength(2);
  } finally {
    await receiver.close();
  }
});
