import { admin, createEndpoint, endpointInput, ENDPOINTS, storeParked } from './support/admin';
import { useWorld } from './support/world';

const world = useWorld();

/** One pending delivery to a new endpoint, created the way the feed store creates them. */
async function pendingDelivery() {
  const endpoint = await createEndpoint(world, { event_types: ['candidate.canceled'] });
  await storeParked(world, 'candidate.canceled');
  const delivery = await world.service.db.delivery.findFirstOrThrow({
    where: { endpointId: BigInt(endpoint.id) },
  });
  expect(delivery.status).toBe('pending');
  return { endpoint, delivery };
}

const reload = (id: bigint) => world.service.db.delivery.findUniqueOrThrow({ where: { id } });

test('disabling an endpoint cancels its pending deliveries: "Endpoint disabled", no next attempt', async () => {
  const { endpoint, delivery } = await pendingDelivery();
  const response = await admin(
    world,
    'PUT',
    `${ENDPOINTS}/${endpoint.id}`,
    endpointInput({ event_types: ['candidate.canceled'], enabled: false }),
  );
  expect(response.status).toBe(200);
  expect(await reload(delivery.id)).toMatchObject({
    status: 'canceled',
    lastError: 'Endpoint disabled',
    nextAttemptAt: null,
  });
  // Events recorded while it is disabled create no delivery for it (§4.9).
  await storeParked(world, 'candidate.canceled');
  expect(
    await world.service.db.delivery.count({ where: { endpointId: delivery.endpointId } }),
  ).toBe(1);
});

test('deleting an endpoint cancels its pending deliveries: "Endpoint deleted"', async () => {
  const { endpoint, delivery } = await pendingDelivery();
  expect((await admin(world, 'DELETE', `${ENDPOINTS}/${endpoint.id}`)).status).toBe(204);
  expect(await reload(delivery.id)).toMatchObject({
    status: 'canceled',
    lastError: 'Endpoint deleted',
    nextAttemptAt: null,
  });
});

test('finished deliveries keep their status when the endpoint is disabled; re-enabling revives nothing', async () => {
  const { endpoint, delivery } = await pendingDelivery();
  const at = world.clock.now();
  await world.service.db.delivery.update({
    where: { id: delivery.id },
    data: { status: 'delivered', deliveredAt: at, nextAttemptAt: null, attempts: 1 },
  });
  const url = `${ENDPOINTS}/${endpoint.id}`;
  const input = endpointInput({ event_types: ['candidate.canceled'] });
  await admin(world, 'PUT', url, { ...input, enabled: false });
  expect((await reload(delivery.id)).status).toBe('delivered');
  await admin(world, 'PUT', url, { ...input, enabled: true });
  expect((await reload(delivery.id)).status).toBe('delivered');
});

test('a disable racing with event storage either cancels the new delivery or prevents it', async () => {
  const endpoint = await createEndpoint(world, { event_types: ['candidate.canceled'] });
  const id = BigInt(endpoint.id);
  const input = endpointInput({ event_types: ['candidate.canceled'], enabled: false });
  await Promise.all([
    ...Array.from({ length: 5 }, () => storeParked(world, 'candidate.canceled')),
    admin(world, 'PUT', `${ENDPOINTS}/${endpoint.id}`, input),
  ]);
  const pending = await world.service.db.delivery.count({
    where: { endpointId: id, status: 'pending' },
  });
  expect(pending).toBe(0);
});
