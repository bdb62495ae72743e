import { newMovie } from '../services/cleanup/test/support/factories';
import { expectProblem } from '../services/gateway/test/support/gateway';
import { useCleanupBehindGateway } from './support/cleanup-gateway';

/**
 * Protection requests through the gateway (issue 13, internal-api.md 9.1): the gateway checks
 * the requests and every answer against the contract.
 */
const world = useCleanupBehindGateway();

test("an administrator's request is approved at once and listed with its requester's name", async () => {
  const movie = await newMovie(world.cleanup.db);
  const created = await world.gateway.request('POST', '/api/protection-requests', {
    session: world.admin,
    body: { media_type: 'movie', media_id: movie.media_id, reason: 'Keep', duration_days: 30 },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    created: true,
    request: { status: 'approved', requested_by: { username: 'admin' }, duration_days: 30 },
    protection: { media_id: movie.media_id, permanent: false },
  });
  const listed = await world.gateway.request('GET', '/api/protection-requests?status=approved', {
    session: world.admin,
  });
  expect(listed.status).toBe(200);
  expect(listed.body).toMatchObject({ total: 1, items: [{ reason: 'Keep' }] });
  expectProblem(
    await world.gateway.request('POST', '/api/protection-requests/999999/approve', {
      session: world.admin,
      body: {},
    }),
    404,
    'not_found',
  );
  expectProblem(
    await world.gateway.request('POST', '/api/protection-requests', {
      session: world.admin,
      body: { media_type: 'movie', media_id: movie.media_id, duration_days: 0 },
    }),
    422,
    'validation_failed',
  );
});

test("an administrator's delete request is approved and queued at once; the list follows", async () => {
  const movie = await newMovie(world.cleanup.db);
  const queued = await world.gateway.request('POST', '/api/delete-requests', {
    session: world.admin,
    body: { media_type: 'movie', media_id: movie.media_id, reason: 'Bad copy' },
  });
  expect(queued.status).toBe(202);
  expect(queued.body).toMatchObject({
    status: 'queued',
    request: { status: 'approved', reason: 'Bad copy', target: { media_id: movie.media_id } },
  });
  const listed = await world.gateway.request('GET', '/api/delete-requests?status=approved', {
    session: world.admin,
  });
  expect(listed.status).toBe(200);
  expect(listed.body).toMatchObject({ total: 1 });
  expectProblem(
    await world.gateway.request('POST', '/api/delete-requests', {
      session: world.admin,
      body: { media_type: 'movie', media_id: movie.media_id },
    }),
    409,
    'file_operation_pending',
  );
});

test("a user's request decided by an administrator becomes the user's notice", async () => {
  const asker = await world.gateway.userSession(world.admin, 'asker');
  const movie = await newMovie(world.cleanup.db);
  const asked = await world.gateway.request('POST', '/api/protection-requests', {
    session: asker,
    body: { media_type: 'movie', media_id: movie.media_id },
  });
  expect(asked.status).toBe(201);
  const id = (asked.body.request as { id: number }).id;
  const denied = await world.gateway.request('POST', `/api/protection-requests/${id}/deny`, {
    session: world.admin,
    body: {},
  });
  expect(denied.status).toBe(200);
  const page = await world.gateway.request('GET', '/api/notices?unread_only=true', {
    session: asker,
  });
  expect(page.status).toBe(200);
  expect(page.body).toMatchObject({
    total: 1,
    items: [{ title: 'Protection request denied', link: null, read_at: null }],
  });
  const read = await world.gateway.request('POST', '/api/notices/read', {
    session: asker,
    body: { all: true },
  });
  expect(read.body).toEqual({ updated: 1 });
  expectProblem(
    await world.gateway.request('POST', '/api/notices/read', { session: asker, body: {} }),
    422,
    'validation_failed',
  );
});
