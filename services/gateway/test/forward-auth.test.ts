import type { ForwardAuthConfig } from '../src/config';
import { TrustedProxies } from '../src/domain/forward-auth/trusted-proxies';
import { expectProblem, GatewayWorld, sessionOf, type Session } from './support/gateway';

/**
 * Forward-auth behind a trusted proxy (issue 28 point 4): Authelia, Authentik or a Keycloak
 * proxy authenticates the user and passes the name in a header. The gateway believes that
 * header only from the listed proxy addresses (the TCP peer; here the test runs on 127.0.0.1),
 * and turns it into an ordinary session (internal-api.md 1.2).
 */

let world: GatewayWorld;
let admin: Session;
// One database, several replicas configured differently (each test picks its gateway).
const OFF = 0;
const [TRUSTED, AUTO_CREATE, UNTRUSTED] = [1, 2, 3];

function forwardAuth(proxies: string, extra: Partial<ForwardAuthConfig> = {}): ForwardAuthConfig {
  const trustedProxies = TrustedProxies.parse(proxies);
  if (!(trustedProxies instanceof TrustedProxies)) throw new Error('bad test list');
  return {
    userHeader: 'remote-user',
    groupsHeader: 'remote-groups',
    trustedProxies,
    adminGroups: ['mcs-admins'],
    autoCreate: false,
    ...extra,
  };
}

beforeAll(async () => {
  world = await GatewayWorld.start({}, {}, undefined, 'info');
  admin = await world.setup();
  await world.addReplica({ forwardAuth: forwardAuth('127.0.0.1, ::1') });
  await world.addReplica({ forwardAuth: forwardAuth('127.0.0.0/8 ::1', { autoCreate: true }) });
  // The proxy's address is elsewhere: the test's own requests come from an untrusted peer.
  await world.addReplica({
    forwardAuth: forwardAuth('10.0.0.0/8, fd00::/8', { autoCreate: true }),
  });
});
afterAll(() => world.stop());

const asProxy = (replica: number, user: string, groups?: string) => ({
  replica,
  headers: { 'Remote-User': user, ...(groups === undefined ? {} : { 'Remote-Groups': groups }) },
});

const me = (replica: number, user: string, groups?: string) =>
  world.request('GET', '/api/auth/me', asProxy(replica, user, groups));

async function localUser(username: string, role: 'admin' | 'user' = 'user') {
  const reply = await world.request('POST', '/api/users', {
    session: admin,
    body: { username, password: 'correct horse battery', role },
  });
  expect(reply.status).toBe(201);
  return reply.body.id as number;
}

const userNamed = (username: string) =>
  world.db.user.findFirst({ where: { username: { equals: username, mode: 'insensitive' } } });

const logLines = (replica: number, msg: string) =>
  (world.logs[replica] ?? []).filter((line) => line.msg === msg);

test('the user header from a trusted proxy logs that user in with an ordinary session', async () => {
  const id = await localUser('alice');
  const reply = await me(TRUSTED, 'alice');
  expect(reply.status).toBe(200);
  expect(reply.body.user).toMatchObject({ id, username: 'alice', auth_provider: 'local' });
  expect(reply.body.user).toHaveProperty('last_login_at', expect.any(String));
  const cookie = reply.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^mcs_session=[A-Za-z0-9_-]{43}; .*HttpOnly; SameSite=Lax/);
  const session = sessionOf(reply);

  // The cookie alone carries the session afterwards, on any replica, with its CSRF token.
  const again = await world.request('GET', '/api/auth/me', { session });
  expect(again.status).toBe(200);
  expect(again.body.user).toMatchObject({ username: 'alice' });
  const logout = await world.request('POST', '/api/auth/logout', { session });
  expect(logout.status).toBe(204);
});

test('requests that carry the cookie and the same user keep that session (no new one each time)', async () => {
  await localUser('bea');
  const session = sessionOf(await me(TRUSTED, 'bea'));
  const reply = await world.request('GET', '/api/auth/me', {
    ...asProxy(TRUSTED, 'BEA'),
    session,
  });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('set-cookie')).toBeNull();
  expect(reply.body.csrf_token).toBe(session.csrf);
});

test('the same header from an untrusted peer is ignored and logged once a minute, without its value', async () => {
  for (let i = 0; i < 3; i += 1)
    expectProblem(await me(UNTRUSTED, 'mallory', 'mcs-admins'), 401, 'unauthenticated');
  expect(await userNamed('mallory')).toBeNull();
  // An existing user is not reachable that way either.
  expectProblem(await me(UNTRUSTED, 'admin'), 401, 'unauthenticated');
  const warnings = logLines(
    UNTRUSTED,
    'forward-auth header from a peer not in FORWARD_AUTH_TRUSTED_PROXIES; ignored',
  );
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({ level: 40, header: 'remote-user' });
  expect(String(warnings[0]?.peer)).toMatch(/127\.0\.0\.1$/);
  expect(JSON.stringify(world.logs[UNTRUSTED])).not.toContain('mallory');
});

test('an untrusted peer with a valid cookie simply keeps its own session', async () => {
  const bob = await world.userSession(admin, 'bob');
  const reply = await world.request('GET', '/api/auth/me', {
    ...asProxy(UNTRUSTED, 'admin'),
    session: bob,
  });
  expect(reply.status).toBe(200);
  expect(reply.body.user).toMatchObject({ username: 'bob', role: 'user' });
});

test('off by default: without the configuration the header means nothing', async () => {
  expectProblem(await me(OFF, 'admin'), 401, 'unauthenticated');
  expect(
    logLines(OFF, 'forward-auth header from a peer not in FORWARD_AUTH_TRUSTED_PROXIES; ignored'),
  ).toEqual([]);
});

test('bearer-token routes never look at the header, even from a trusted proxy', async () => {
  const reply = await world.request('GET', '/api/v1/system', asProxy(TRUSTED, 'admin'));
  expectProblem(reply, 401, 'missing_token');
});

test('with auto-create off an unknown username is refused and nothing is created', async () => {
  expectProblem(await me(TRUSTED, 'newcomer', 'mcs-admins'), 401, 'unauthenticated');
  expect(await userNamed('newcomer')).toBeNull();
  const refused = logLines(TRUSTED, 'forward-auth login refused');
  expect(refused.at(-1)).toMatchObject({
    reason: 'unknown user and FORWARD_AUTH_AUTO_CREATE is off',
  });
});

test('with auto-create on an unknown username becomes a proxy user, its role from the groups', async () => {
  const carol = await me(AUTO_CREATE, 'carol', 'family,mcs-admins');
  expect(carol.status).toBe(200);
  expect(carol.body.user).toMatchObject({
    username: 'carol',
    role: 'admin',
    auth_provider: 'proxy',
  });
  expect(carol.body.permissions).toEqual({ candidates_page: true, manage: true });
  const dave = await me(AUTO_CREATE, 'dave');
  expect(dave.body.user).toMatchObject({ username: 'dave', role: 'user', auth_provider: 'proxy' });
  expect((await userNamed('dave'))?.passwordHash).toBeNull();

  // Administrators see them in the user list like anyone else.
  const list = await world.request('GET', '/api/users?search=carol', { session: admin });
  expect(list.body.items).toEqual([expect.objectContaining({ auth_provider: 'proxy' })]);
  // No password to change: 409 not_local_account.
  const change = await world.request('PUT', '/api/auth/password', {
    session: sessionOf(dave),
    body: { current_password: 'whatever12', new_password: 'another password' },
  });
  expectProblem(change, 409, 'not_local_account');
});

test('a username outside the username rules is refused, not created', async () => {
  for (const name of ['x', 'eve smith', 'eve,admin'])
    expectProblem(await me(AUTO_CREATE, name), 401, 'unauthenticated');
  expect(await world.db.user.count({ where: { username: { startsWith: 'eve' } } })).toBe(0);
  expect(logLines(AUTO_CREATE, 'forward-auth login refused')).toContainEqual(
    expect.objectContaining({ reason: 'not a valid username', header: 'remote-user' }),
  );
});

test('a POST with only the header has no CSRF token: 403 csrf_failed and nothing changes', async () => {
  const reply = await world.request('POST', '/api/settings/integrations/api-tokens', {
    ...asProxy(TRUSTED, 'admin'),
    body: { name: 'from a cross-site form', scopes: ['system:read'] },
  });
  expectProblem(reply, 403, 'csrf_failed');
  expect(await world.db.apiToken.count({ where: { name: 'from a cross-site form' } })).toBe(0);
});

test('a cookie of one user with the header of another acts as the header user and ends the old session', async () => {
  await localUser('frank');
  await localUser('gina');
  const frank = sessionOf(await me(TRUSTED, 'frank'));
  const reply = await world.request('GET', '/api/auth/me', {
    ...asProxy(TRUSTED, 'gina'),
    session: frank,
  });
  expect(reply.status).toBe(200);
  expect(reply.body.user).toMatchObject({ username: 'gina' });
  expect(sessionOf(reply).cookie).not.toBe(frank.cookie);
  expectProblem(
    await world.request('GET', '/api/auth/me', { session: frank }),
    401,
    'unauthenticated',
  );
});

test('a disabled user is refused as usual', async () => {
  const id = await localUser('hank');
  const update = await world.request('PUT', `/api/users/${id}`, {
    session: admin,
    body: { enabled: false },
  });
  expect(update.status).toBe(200);
  expectProblem(await me(TRUSTED, 'hank'), 401, 'unauthenticated');
});

test('the role follows the groups at each login, but the last enabled admin is never demoted', async () => {
  const id = await localUser('ivy');
  const promoted = await me(TRUSTED, 'ivy', 'mcs-admins');
  expect(promoted.body.user).toMatchObject({ id, role: 'admin' });
  // Without a groups header the proxy says nothing about the role: it stays.
  const ivy = sessionOf(await me(TRUSTED, 'ivy'));
  expect((await userNamed('ivy'))?.role).toBe('admin');
  const demoted = await world.request('GET', '/api/auth/me', asProxy(TRUSTED, 'ivy', 'family'));
  expect(demoted.body.user).toMatchObject({ role: 'user' });
  // A role change ends the user's other sessions, as an administrator's change does.
  expectProblem(
    await world.request('GET', '/api/auth/me', { session: ivy }),
    401,
    'unauthenticated',
  );

  // Every other admin disabled by the administrator: the groups cannot demote the last one.
  const admins = await world.request('GET', '/api/users?role=admin', { session: admin });
  for (const other of admins.body.items as { id: number; username: string }[]) {
    if (other.username === 'admin') continue;
    const disabled = await world.request('PUT', `/api/users/${other.id}`, {
      session: admin,
      body: { enabled: false },
    });
    expect(disabled.status).toBe(200);
  }
  const last = await me(TRUSTED, 'admin', 'family');
  expect(last.status).toBe(200);
  expect(last.body.user).toMatchObject({ username: 'admin', role: 'admin' });
  expect(
    logLines(TRUSTED, 'the groups would demote the last enabled administrator; the role is kept'),
  ).toHaveLength(1);
});
