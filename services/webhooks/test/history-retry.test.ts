import { createLogger } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { HistoryService } from '../src/history/history.service';
import {
  admin,
  createEndpoint,
  type DeliveryWire,
  DELIVERIES,
  endpointInput,
  ENDPOINTS,
  type ProblemWire,
  storeParked,
} from './support/admin';
import { type Receiver, startReceiver } from './delivery/receiver';
import { useWorld } from './support/world';

const world = useWorld();
const MINUTE = 60_000;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver((_, response) => response.writeHead(204).end());
});
afterAll(() => receiver.close());

/** A delivery that failed in round 1 after one attempt, to a fresh enabled endpoint. */
async function failedDelivery() {
  const endpoint = await createEndpoint(world, {
    event_types: ['candidate.deleted'],
    url: `http://127.0.0.1:${receiver.port}/hooks`,
  });
  await storeParked(world, 'candidate.deleted');
  const { db } = world.service;
  const row = await db.delivery.findFirstOrThrow({ where: { endpointId: BigInt(endpoint.id) } });
  await db.deliveryAttempt.create({
    data: {
      deliveryId: row.id,
      round: 1,
      number: 1,
      startedAt: world.clock.now(),
      durationMs: 5,
      statusCode: 404,
      outcome: 'permanent_failure',
      error: 'HTTP 404: not here',
    },
  });
  const failed = await db.delivery.update({
    where: { id: row.id },
    data: {
      status: 'failed',
      attempts: 1,
      nextAttemptAt: null,
      lastStatusCode: 404,
      lastError: 'HTTP 404: not here',
    },
  });
  return { endpoint, delivery: failed };
}

const retry = (id: bigint) =>
  admin<DeliveryWire & ProblemWire>(world, 'POST', `${DELIVERIES}/${id}/retry`);

test('retrying a failed delivery starts round 2, due now, keeps the log and resends the same webhook-id', async () => {
  const { delivery } = await failedDelivery();
  world.clock.advance(5 * MINUTE);
  const response = await retry(delivery.id);
  expect(response.status).toBe(202);
  expect(response.body).toMatchObject({
    id: Number(delivery.id),
    event_id: delivery.eventId,
    status: 'pending',
    round: 2,
    attempts: 0,
    next_attempt_at: world.clock.now().toISOString(),
    last_status_code: null,
    last_error: null,
    delivered_at: null,
  });
  const delivered = await waitFor(
    async () => {
      const detail = await admin<DeliveryWire>(world, 'GET', `${DELIVERIES}/${delivery.id}`);
      return detail.body.status === 'delivered' && detail.body;
    },
    { what: 'the retried delivery to be delivered' },
  );
  expect(delivered.attempt_log.map((entry) => [entry.round, entry.outcome])).toEqual([
    [1, 'permanent_failure'],
    [2, 'delivered'],
  ]);
  const sent = receiver.received.filter((got) => got.headers['webhook-id'] === delivery.eventId);
  expect(sent).toHaveLength(1);

  // A delivered delivery can be retried as well: another round, the same webhook-id.
  expect((await retry(delivery.id)).body).toMatchObject({ round: 3, delivered_at: null });
  await waitFor(
    () =>
      receiver.received.filter((got) => got.headers['webhook-id'] === delivery.eventId).length ===
      2,
    { what: 'the second resend' },
  );
});

test('retry on a disabled or deleted endpoint is 409 endpoint_inactive and changes nothing', async () => {
  const disabled = await failedDelivery();
  await admin(world, 'PUT', `${ENDPOINTS}/${disabled.endpoint.id}`, {
    ...endpointInput({ event_types: ['candidate.deleted'], enabled: false }),
  });
  const deleted = await failedDelivery();
  await admin(world, 'DELETE', `${ENDPOINTS}/${deleted.endpoint.id}`);
  for (const { delivery } of [disabled, deleted]) {
    const response = await retry(delivery.id);
    expect([response.status, response.body.code]).toEqual([409, 'endpoint_inactive']);
    const row = await world.service.db.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: 'failed', round: 1 });
  }
});

test('retry under an unexpired lease is 409 delivery_in_progress; an expired lease is no obstacle', async () => {
  const { delivery } = await failedDelivery();
  const lease = (ms: number) =>
    world.service.db.delivery.update({
      where: { id: delivery.id },
      data: { leaseExpiresAt: new Date(world.clock.now().getTime() + ms) },
    });
  await lease(MINUTE);
  const busy = await retry(delivery.id);
  expect([busy.status, busy.body.code]).toEqual([409, 'delivery_in_progress']);
  await lease(-1);
  expect((await retry(delivery.id)).status).toBe(202);
});

test('retry of an unknown delivery is 404', async () => {
  const response = await retry(987654n);
  expect([response.status, response.body.code]).toEqual([404, 'not_found']);
});

test('after the retry commits, the delivery is handed to enqueue; a failing enqueue still answers', async () => {
  const { delivery } = await failedDelivery();
  const enqueued: bigint[][] = [];
  const log = createLogger({ service: 'test', level: 'silent' });
  const history = new HistoryService({
    db: world.service.db,
    clock: world.clock.now,
    log,
    enqueue: async (ids) => {
      // The row must already be committed when the worker is told about it.
      const row = await world.service.db.delivery.findUniqueOrThrow({ where: { id: ids[0] } });
      expect(row.status).toBe('pending');
      enqueued.push(ids);
    },
  });
  await history.retry(delivery.id);
  expect(enqueued).toEqual([[delivery.id]]);
  const failing = new HistoryService({
    db: world.service.db,
    clock: world.clock.now,
    log,
    enqueue: () => Promise.reject(new Error('redis down')),
  });
  await expect(failing.retry(delivery.id)).resolves.toMatchObject({ round: 3, status: 'pending' });
});
