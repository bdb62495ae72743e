import { expectProblem, GatewayWorld, standInService, type Session } from './support/gateway';

/**
 * An answer from a route the owning service does not have yet is not an outcome of the request
 * (issue 11 point 6): storing it would replay a 404 for 24 hours after the route ships. The
 * stand-in answers as the kit's internal API does when no route matches (404 marked
 * x-mcs-unrouted; test/services.test.ts checks the real services mark it).
 */
let scheduler: { url: string; close: () => Promise<void> };
let reached = 0;
let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  scheduler = await standInService((req, res) => {
    reached += 1;
    res.statusCode = 404;
    res.setHeader('content-type', 'application/problem+json');
    res.setHeader('x-mcs-unrouted', '1');
    const requestId = String(req.headers['x-request-id'] ?? '');
    res.end(
      JSON.stringify({
        type: 'urn:mcs:problem:not_found',
        title: 'Not found',
        status: 404,
        detail: `No route matches ${req.method} ${req.url}.`,
        code: 'not_found',
        request_id: requestId,
      }),
    );
  });
  world = await GatewayWorld.start({}, { scheduler: scheduler.url });
  admin = await world.setup();
});
afterAll(async () => {
  await world.stop();
  await scheduler.close();
});

test('a 404 from an unbuilt route is not stored under the Idempotency-Key', async () => {
  const { token, id } = await world.token(admin, ['tasks:run']);
  const run = () =>
    world.request('POST', '/api/v1/tasks/sync_media/run', {
      token,
      body: {},
      headers: { 'idempotency-key': 'run-1' },
    });
  for (let i = 0; i < 2; i += 1) {
    const reply = await run();
    expectProblem(reply, 404, 'not_found');
    expect(reply.headers.get('idempotent-replayed')).toBeNull();
  }
  expect(reached).toBe(2); // the second request was forwarded again, not replayed
  expect(await world.db.idempotencyRecord.count({ where: { tokenId: BigInt(id) } })).toBe(0);
});

test('the marker stays internal: no public answer carries it', async () => {
  const unknown = await world.request('GET', '/api/v1/nope');
  expectProblem(unknown, 404, 'not_found');
  expect(unknown.headers.get('x-mcs-unrouted')).toBeNull();
  const metrics = await fetch(`${world.url}/metrics`);
  expect(metrics.status).toBe(404);
  expect(metrics.headers.get('x-mcs-unrouted')).toBeNull();
});
