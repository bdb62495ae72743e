import { expectProblem, GatewayWorld, standInService, type Session } from './support/gateway';

/**
 * Input that is valid HTTP and valid JSON but that the rest of the system cannot take, and
 * odd paths: each gets a clear 4xx naming the problem, never a 500 (external-api.md 1.9,
 * internal-api.md 1.1) — found by review, kept here so they stay fixed.
 */
let scheduler: { url: string; close: () => Promise<void> };
/** Request lines that reached the scheduler. */
const forwarded: string[] = [];
let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  scheduler = await standInService((req, res) => {
    forwarded.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ items: [], has_main_server: false }));
  });
  world = await GatewayWorld.start({}, { scheduler: scheduler.url });
  admin = await world.setup();
});
afterAll(async () => {
  await world.stop();
  await scheduler.close();
});

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

describe('a NUL character (PostgreSQL text cannot store U+0000) → 422 naming the field', () => {
  test('in a body field of an internal route', async () => {
    const reply = await world.request('POST', '/api/settings/integrations/api-tokens', {
      session: admin,
      body: { name: 'bad\u0000name', scopes: ['tasks:read'] },
    });
    expectProblem(reply, 422, 'validation_failed');
    expect(reply.body.errors).toEqual([
      { in: 'body', name: 'name', message: 'Must not contain a NUL character.' },
    ]);
  });

  test('in the login username (before any lookup)', async () => {
    const reply = await world.request('POST', '/api/auth/login', {
      body: { username: 'ad\u0000min', password: 'whatever password' },
    });
    expectProblem(reply, 422, 'validation_failed');
    expect(reply.body.errors).toEqual([expect.objectContaining({ in: 'body', name: 'username' })]);
  });

  test('in a query value, internal and external', async () => {
    const users = await world.request('GET', '/api/users?search=a%00b', { session: admin });
    expectProblem(users, 422, 'validation_failed');
    expect(users.body.errors).toEqual([expect.objectContaining({ in: 'query', name: 'search' })]);
    const { token } = await world.token(admin, ['media:read']);
    const movies = await world.request('GET', '/api/v1/movies?search=a%00b', { token });
    expectProblem(movies, 422, 'validation_failed');
    expect(movies.body.errors).toEqual([expect.objectContaining({ in: 'query', name: 'search' })]);
  });

  test('in a key of a nested object', async () => {
    const { token } = await world.token(admin, ['tasks:run']);
    const reply = await world.request('POST', '/api/v1/tasks/sync_media/run', {
      token,
      body: { options: { 'k\u0000': 1 } },
    });
    expectProblem(reply, 422, 'validation_failed');
    expect(reply.body.errors).toEqual([
      expect.objectContaining({ in: 'body', name: 'options.k\u0000' }),
    ]);
  });
});

test('a body nested deeper than 64 levels → 422, with or without an Idempotency-Key', async () => {
  const { token } = await world.token(admin, ['tasks:run']);
  // Written by hand: JSON.stringify itself runs out of stack at this depth.
  const deep = `{"a":${'['.repeat(6000)}1${']'.repeat(6000)}}`;
  for (const key of [{}, { 'idempotency-key': 'deep-1' }] as Record<string, string>[]) {
    const reply = await world.request('POST', '/api/v1/tasks/sync_media/run', {
      token,
      headers: { 'content-type': 'application/json', ...key },
      raw: deep,
    });
    expectProblem(reply, 422, 'validation_failed');
    expect((reply.body.errors as { message: string }[])[0]?.message).toBe(
      'Is nested more than 64 levels deep.',
    );
  }
  // 63 levels are fine: the request reaches the scheduler (whose stand-in answers anything).
  forwarded.length = 0;
  await fetch(`${world.url}/api/v1/tasks/sync_media/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ a: nested(62) }),
  });
  expect(forwarded).toEqual(['/api/v1/tasks/sync_media/run']);
});

test('a bad Idempotency-Key is errors[0] even when the body is bad too', async () => {
  const { token } = await world.token(admin, ['protections:manage']);
  const reply = await world.request('POST', '/api/v1/protections', {
    token,
    headers: { 'idempotency-key': 'k'.repeat(256) },
    body: {},
  });
  expectProblem(reply, 422, 'validation_failed');
  const errors = reply.body.errors as { in: string; name: string }[];
  expect(errors.length).toBeGreaterThan(1);
  expect(errors[0]).toEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }));
});

test('catalog_id is an alias only where tmdb_id is accepted; elsewhere it is ignored', async () => {
  const { token } = await world.token(admin, ['tasks:read']);
  forwarded.length = 0;
  const reply = await world.request('GET', '/api/v1/tasks?catalog_id=5', { token });
  expect(reply.status).toBe(200);
  expect(forwarded).toEqual(['/api/v1/tasks']);
});

test('asset names that are properties of every object → 404, not 500', async () => {
  for (const path of [
    '/docs-assets/constructor',
    '/docs-assets/__proto__',
    '/api/v1/docs-assets/toString',
    '/api/v1/docs-assets/hasOwnProperty',
  ]) {
    expectProblem(await world.request('GET', path), 404, 'not_found');
  }
});

test('the docs routes have no trailing-slash variants (external-api.md 1.1)', async () => {
  for (const path of ['/api/v1/docs/', '/api/v1/redoc/', '/api/v1/openapi.json/', '/docs/']) {
    expectProblem(await world.request('GET', path), 404, 'not_found');
  }
  expect((await world.request('GET', '/api/v1/docs')).status).toBe(200);
});
