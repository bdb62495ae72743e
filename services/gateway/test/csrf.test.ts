import { expectProblem, GatewayWorld, type Session } from './support/gateway';

/**
 * CSRF defence on cookie-authenticated mutating requests (internal-api.md 1.2, IA#7 on the
 * routes that exist): without the X-CSRF-Token header, or with a wrong one (also another
 * session's), the request → 403 csrf_failed and changes nothing.
 */

let world: GatewayWorld;
let admin: Session;
let other: Session;

beforeAll(async () => {
  world = await GatewayWorld.start();
  admin = await world.setup('admin', 'correct horse battery');
  other = await world.login('admin', 'correct horse battery');
});
afterAll(() => world.stop());

/** The three ways to get it wrong: no header, a wrong value, another session's token. */
const wrongProofs = (): Record<string, string>[] => [
  { cookie: `mcs_session=${admin.cookie}` },
  { cookie: `mcs_session=${admin.cookie}`, 'x-csrf-token': 'wrong' },
  { cookie: `mcs_session=${admin.cookie}`, 'x-csrf-token': other.csrf },
];

test('POST /api/settings/integrations/api-tokens without the right CSRF proof → 403 csrf_failed and no token is created', async () => {
  for (const headers of wrongProofs()) {
    const reply = await world.request('POST', '/api/settings/integrations/api-tokens', {
      headers,
      body: { name: 'sneaky', scopes: ['system:read'] },
    });
    expectProblem(reply, 403, 'csrf_failed');
  }
  expect(await world.db.apiToken.count()).toBe(0);
  const ok = await world.request('POST', '/api/settings/integrations/api-tokens', {
    session: admin,
    body: { name: 'honest', scopes: ['system:read'] },
  });
  expect(ok.status).toBe(201);
  expect(await world.db.apiToken.count()).toBe(1);
});

test('PUT /api/users/{id} without the right CSRF proof → 403 csrf_failed and the user is unchanged', async () => {
  for (const headers of wrongProofs()) {
    const reply = await world.request('PUT', `/api/users/${admin.userId}`, {
      headers,
      body: { display_name: 'Changed' },
    });
    expectProblem(reply, 403, 'csrf_failed');
  }
  const stored = await world.db.user.findUnique({ where: { id: BigInt(admin.userId) } });
  expect(stored?.displayName).toBe('admin');
  const ok = await world.request('PUT', `/api/users/${admin.userId}`, {
    session: admin,
    body: { display_name: 'Changed' },
  });
  expect(ok.status).toBe(200);
  expect(ok.body.display_name).toBe('Changed');
});

test('DELETE /api/settings/integrations/api-tokens/{id} without the right CSRF proof → 403 csrf_failed and the token stays active', async () => {
  const { id, token } = await world.token(admin, ['system:read']);
  for (const headers of wrongProofs()) {
    const reply = await world.request('DELETE', `/api/settings/integrations/api-tokens/${id}`, {
      headers,
    });
    expectProblem(reply, 403, 'csrf_failed');
  }
  expect((await world.db.apiToken.findUnique({ where: { id: BigInt(id) } }))?.revokedAt).toBeNull();
  expect((await world.request('GET', '/api/v1', { token })).status).toBe(200);
});

test('POST /api/auth/logout without the CSRF proof → 403 and the session stays valid', async () => {
  const reply = await world.request('POST', '/api/auth/logout', {
    headers: { cookie: `mcs_session=${admin.cookie}` },
  });
  expectProblem(reply, 403, 'csrf_failed');
  expect((await world.request('GET', '/api/auth/me', { session: admin })).status).toBe(200);
});

test('safe methods need no CSRF proof', async () => {
  const reply = await world.request('GET', '/api/users', {
    headers: { cookie: `mcs_session=${admin.cookie}` },
  });
  expect(reply.status).toBe(200);
});
