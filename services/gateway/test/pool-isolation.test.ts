import type { ServerResponse } from 'node:http';
import { problemBody } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { GatewayWorld, standInService, type Session } from './support/gateway';

/**
 * An idempotent request holds a database connection for its whole forwarded call. Those
 * connections come from a pool of their own, so slow owning services cannot starve the
 * lookups every other request needs (tokens, sessions, logins) — the gateway stays usable.
 */
const held: ServerResponse[] = [];
let scheduler: { url: string; close: () => Promise<void> };
let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  scheduler = await standInService((_req, res) => held.push(res));
  // Token lookups hit the database on every request (no cache), like a cold gateway.
  world = await GatewayWorld.start({ tokenCacheTtlMs: 0 }, { scheduler: scheduler.url });
  admin = await world.setup();
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await world.stop();
  await scheduler.close();
});

test('slow idempotent calls holding every lock connection do not block authentication', async () => {
  const poolMax = 2;
  // A second replica with a tiny pool, so "every connection" is two.
  await world.addReplica({
    runtime: {
      ...world.config.runtime,
      database: { ...world.config.runtime.database, poolMax },
    },
  });
  const { token } = await world.token(admin, ['tasks:run', 'tasks:read']);
  const slow = Array.from({ length: poolMax }, (_, i) =>
    world.request('POST', '/api/v1/tasks/sync_media/run', {
      token,
      replica: 1,
      headers: { 'idempotency-key': `slow-${i}` },
      body: {},
    }),
  );
  await waitFor(() => held.length === poolMax, { what: 'both calls held by the scheduler' });

  const discovery = await world.request('GET', '/api/v1', { token, replica: 1 });
  expect(discovery.status).toBe(200);

  for (const res of held.splice(0)) {
    res.statusCode = 409;
    res.setHeader('content-type', 'application/problem+json');
    res.end(JSON.stringify(problemBody(409, 'task_disabled', 'The task is disabled.', 'r')));
  }
  for (const reply of await Promise.all(slow)) expect(reply.status).toBe(409);
});
