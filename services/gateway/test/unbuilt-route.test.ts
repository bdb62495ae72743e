import { createTestEnv } from '@mcs/kit/testing';
import { startScheduler } from '../../scheduler/src/server';
import { expectProblem, GatewayWorld, type Session } from './support/gateway';

/**
 * An answer from a route the owning service does not have yet is not an outcome of the request
 * (issue 11 point 6): storing it would replay a 404 for 24 hours after the route ships. The
 * real scheduler is still a shell, so POST /api/v1/tasks/{id}/run reaches no route there.
 */
let scheduler: Awaited<ReturnType<typeof startScheduler>>;
let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  const env = await createTestEnv();
  scheduler = await startScheduler({ runtime: env.runtimeConfig() });
  world = await GatewayWorld.start({}, { scheduler: scheduler.url }, env);
  admin = await world.setup();
});
afterAll(async () => {
  await scheduler.stop();
  await world.stop();
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
