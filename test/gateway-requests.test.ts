import { createTestEnv } from '@mcs/kit/testing';
import { startCleanup, type CleanupService } from '../services/cleanup/src/server';
import { newMovie } from '../services/cleanup/test/support/factories';
import {
  expectProblem,
  GatewayWorld,
  type Session,
} from '../services/gateway/test/support/gateway';

/**
 * Protection requests through the gateway (issue 13, internal-api.md 9.1): the gateway checks
 * the requests and every answer against the contract.
 */
let cleanup: CleanupService;
let gateway: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  const env = await createTestEnv();
  cleanup = await startCleanup({ runtime: env.runtimeConfig() });
  gateway = await GatewayWorld.start({}, { cleanup: cleanup.url }, env);
  admin = await gateway.setup();
});
afterAll(async () => {
  await cleanup.stop();
  await gateway.stop();
});

test("an administrator's request is approved at once and listed with its requester's name", async () => {
  const movie = await newMovie(cleanup.db);
  const created = await gateway.request('POST', '/api/protection-requests', {
    session: admin,
    body: { media_type: 'movie', media_id: movie.media_id, reason: 'Keep', duration_days: 30 },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    created: true,
    request: { status: 'approved', requested_by: { username: 'admin' }, duration_days: 30 },
    protection: { media_id: movie.media_id, permanent: false },
  });
  const listed = await gateway.request('GET', '/api/protection-requests?status=approved', {
    session: admin,
  });
  expect(listed.status).toBe(200);
  expect(listed.body).toMatchObject({ total: 1, items: [{ reason: 'Keep' }] });
  expectProblem(
    await gateway.request('POST', '/api/protection-requests/999999/approve', {
      session: admin,
      body: {},
    }),
    404,
    'not_found',
  );
  expectProblem(
    await gateway.request('POST', '/api/protection-requests', {
      session: admin,
      body: { media_type: 'movie', media_id: movie.media_id, duration_days: 0 },
    }),
    422,
    'validation_failed',
  );
});
