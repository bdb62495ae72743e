import { expectProblem, GatewayWorld } from './support/gateway';

/** Logging in again ends the session the browser presented (internal-api.md 1.2 sessions). */
let world: GatewayWorld;

beforeAll(async () => {
  // Several logins from one address: above the 5/min limit that test files of its own cover.
  world = await GatewayWorld.start({ loginAttemptsPerMinute: 100 });
  await world.setup('admin', 'correct horse battery');
});
afterAll(() => world.stop());

test('a login that presents a session cookie ends that session; other sessions stay', async () => {
  const first = await world.login('admin', 'correct horse battery');
  const elsewhere = await world.login('admin', 'correct horse battery');
  const reply = await world.request('POST', '/api/auth/login', {
    headers: { cookie: `mcs_session=${first.cookie}` },
    body: { username: 'admin', password: 'correct horse battery' },
  });
  expect(reply.status).toBe(200);
  expectProblem(
    await world.request('GET', '/api/auth/me', { session: first }),
    401,
    'unauthenticated',
  );
  expect((await world.request('GET', '/api/auth/me', { session: elsewhere })).status).toBe(200);
});

test('a failed login leaves the presented session alone', async () => {
  const session = await world.login('admin', 'correct horse battery');
  const reply = await world.request('POST', '/api/auth/login', {
    headers: { cookie: `mcs_session=${session.cookie}` },
    body: { username: 'admin', password: 'wrong password here' },
  });
  expect(reply.status).toBe(401);
  expect((await world.request('GET', '/api/auth/me', { session })).status).toBe(200);
});
