import {
  admin,
  createEndpoint,
  type DeliveryPage,
  type DeliveryWire,
  DELIVERIES,
  ENDPOINTS,
  fieldsOf,
  type ProblemWire,
  storeParked,
} from './support/admin';
import { useWorld } from './support/world';

const world = useWorld();
let first: { id: number };
let second: { id: number };
const eventIds: string[] = [];

beforeAll(async () => {
  first = await createEndpoint(world, {
    name: 'First',
    event_types: ['candidate.canceled', 'candidate.deleted'],
  });
  second = await createEndpoint(world, { name: 'Second', event_types: ['candidate.deleted'] });
  // canceled → first only; deleted → both; one minute apart so created_at orders them.
  for (const type of ['candidate.canceled', 'candidate.deleted', 'candidate.canceled'] as const) {
    eventIds.push((await storeParked(world, type)).id);
    world.clock.advance(60_000);
  }
  const failed = await world.service.db.delivery.findFirstOrThrow({
    where: { eventId: eventIds[0], endpointId: BigInt(first.id) },
  });
  await world.service.db.delivery.update({
    where: { id: failed.id },
    data: { status: 'failed', nextAttemptAt: null, attempts: 1, lastStatusCode: 404 },
  });
});

const list = (query = '') => admin<DeliveryPage>(world, 'GET', `${DELIVERIES}${query}`);

test('the history lists every delivery newest first with its endpoint name and event type', async () => {
  const page = await list();
  expect(page.status).toBe(200);
  expect(page.body).toMatchObject({ total: 4, page: 1, per_page: 50, total_pages: 1 });
  expect(page.body.items.map((item) => [item.event_id, item.endpoint_name])).toEqual([
    [eventIds[2], 'First'],
    [eventIds[1], 'Second'],
    [eventIds[1], 'First'],
    [eventIds[0], 'First'],
  ]);
  expect(page.body.items[0]).toMatchObject({
    event_type: 'candidate.canceled',
    status: 'pending',
    attempts: 0,
    round: 1,
    last_status_code: null,
    last_error: null,
    delivered_at: null,
  });
});

test('filters by status, endpoint, event type and event id, and combine', async () => {
  const ids = async (query: string) => (await list(query)).body.items.map((item) => item.id);
  const all = (await list()).body.items;
  const idsWhere = (keep: (item: (typeof all)[number]) => boolean) =>
    all.filter(keep).map((item) => item.id);
  expect(await ids('?status=failed')).toEqual(idsWhere((item) => item.status === 'failed'));
  expect(await ids(`?endpoint_id=${second.id}`)).toEqual(
    idsWhere((item) => item.endpoint_id === second.id),
  );
  expect(await ids('?event_type=candidate.deleted')).toEqual(
    idsWhere((item) => item.event_type === 'candidate.deleted'),
  );
  expect(await ids(`?event_id=${eventIds[1]}&endpoint_id=${first.id}`)).toEqual(
    idsWhere((item) => item.event_id === eventIds[1] && item.endpoint_id === first.id),
  );
  expect((await ids('?status=failed')).length).toBe(1);
});

test('created_after and created_before are inclusive bounds', async () => {
  const all = (await list()).body.items;
  const middle = all[1]?.created_at ?? '';
  const after = (await list(`?created_after=${middle}`)).body.items;
  const before = (await list(`?created_before=${middle}`)).body.items;
  expect(after.every((item) => item.created_at >= middle)).toBe(true);
  expect(before.every((item) => item.created_at <= middle)).toBe(true);
  expect(after.length + before.length).toBe(all.length + 2); // two share the middle time
});

test('pages obey per_page; per_page above 200 and bad filters are 422', async () => {
  const page2 = await list('?per_page=3&page=2');
  expect(page2.body).toMatchObject({ total: 4, page: 2, per_page: 3, total_pages: 2 });
  expect(page2.body.items).toHaveLength(1);
  expect((await list('?per_page=200')).status).toBe(200);
  for (const [query, field] of [
    ['?per_page=201', 'per_page'],
    ['?event_id=not-a-uuid', 'event_id'],
    ['?status=exploded', 'status'],
    ['?event_type=candidate.exploded', 'event_type'],
    ['?created_after=yesterday', 'created_after'],
  ] as const) {
    const response = await admin<ProblemWire>(world, 'GET', `${DELIVERIES}${query}`);
    expect([query, response.status, fieldsOf(response.body)]).toEqual([query, 422, [field]]);
  }
});

test('one delivery shows its attempt log oldest first; unknown is 404', async () => {
  const delivery = await world.service.db.delivery.findFirstOrThrow({
    where: { eventId: eventIds[1], endpointId: BigInt(second.id) },
  });
  const at = (minutes: number) => new Date(world.clock.now().getTime() + minutes * 60_000);
  const attempt = { deliveryId: delivery.id, durationMs: 12, outcome: 'retryable_failure' };
  // Written out of order: the log orders by round, then number.
  await world.service.db.deliveryAttempt.createMany({
    data: [
      { ...attempt, round: 2, number: 1, startedAt: at(9), statusCode: 503, error: 'HTTP 503: x' },
      { ...attempt, round: 1, number: 2, startedAt: at(1), statusCode: null, error: 'Timeout' },
      {
        ...attempt,
        round: 1,
        number: 1,
        startedAt: at(0),
        statusCode: 500,
        error: 'HTTP 500: y',
        retryAfterSeconds: 60,
        nextAttemptAt: at(1),
      },
    ],
  });
  const detail = await admin<DeliveryWire>(world, 'GET', `${DELIVERIES}/${delivery.id}`);
  expect(detail.status).toBe(200);
  expect(detail.body.endpoint_name).toBe('Second');
  expect(detail.body.attempt_log.map((entry) => [entry.round, entry.number])).toEqual([
    [1, 1],
    [1, 2],
    [2, 1],
  ]);
  expect(detail.body.attempt_log[0]).toEqual({
    round: 1,
    number: 1,
    started_at: at(0).toISOString(),
    duration_ms: 12,
    status_code: 500,
    outcome: 'retryable_failure',
    error: 'HTTP 500: y',
    retry_after_seconds: 60,
    next_attempt_at: at(1).toISOString(),
  });
  const missing = await admin<ProblemWire>(world, 'GET', `${DELIVERIES}/987654`);
  expect([missing.status, missing.body.code]).toEqual([404, 'not_found']);
});

test("a deleted endpoint's deliveries keep showing its current name", async () => {
  const gone = await createEndpoint(world, {
    name: 'Soon gone',
    event_types: ['protection.removed'],
  });
  await storeParked(world, 'protection.removed');
  await admin(world, 'DELETE', `${ENDPOINTS}/${gone.id}`);
  const page = await list(`?endpoint_id=${gone.id}`);
  expect(page.body.items.map((item) => [item.endpoint_name, item.status])).toEqual([
    ['Soon gone', 'canceled'],
  ]);
});
