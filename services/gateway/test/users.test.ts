import { expectProblem, GatewayWorld, type Reply, type Session } from './support/gateway';

/**
 * Administrator user management (internal-api.md §4, 1.2; IA#10 for the routes that exist,
 * IA#12, IA#13). Passwords cost ~0.4 s each to hash or verify, so the file creates few users.
 */

const PASSWORD = 'correct horse battery';

let world: GatewayWorld;
let admin: Session;
let alice: Session;

beforeAll(async () => {
  world = await GatewayWorld.start({ loginAttemptsPerMinute: 1000 });
  admin = await world.setup('admin', PASSWORD);
  await createUser({ username: 'alice', email: 'alice@example.test', display_name: 'Alice A.' });
  alice = await world.login('alice', PASSWORD);
});
afterAll(() => world.stop());

function createUser(fields: Record<string, unknown>): Promise<Reply> {
  return world.request('POST', '/api/users', {
    session: admin,
    body: { password: PASSWORD, role: 'user', ...fields },
  });
}

const me = (session: Session) => world.request('GET', '/api/auth/me', { session });
const errorNames = (reply: Reply) =>
  (reply.body.errors as { in: string; name: string }[]).map((e) => `${e.in}:${e.name}`);

test('creating a user → 201 UserSummary; display_name defaults to the username', async () => {
  const reply = await createUser({ username: 'dora.who@home' });
  expect(reply.status).toBe(201);
  expect(reply.body).toMatchObject({
    username: 'dora.who@home',
    display_name: 'dora.who@home',
    role: 'user',
    email: null,
    enabled: true,
    auth_provider: 'local',
    last_login_at: null,
  });
  expect(reply.body).not.toHaveProperty('password');
  const [stored] = await world.db.user.findMany({ where: { username: 'dora.who@home' } });
  expect(stored?.passwordHash).toMatch(/^scrypt\$/);
});

test('a username is taken case-insensitively → 409 username_taken', async () => {
  for (const username of ['ALICE', 'Admin']) {
    expectProblem(await createUser({ username }), 409, 'username_taken');
  }
});

test('bad usernames, passwords and roles → 422 with an errors entry per field', async () => {
  const reply = await createUser({ username: 'a b', password: 'short', role: 'root' });
  expectProblem(reply, 422, 'validation_failed');
  expect(errorNames(reply)).toEqual(
    expect.arrayContaining(['body:username', 'body:password', 'body:role']),
  );
  for (const username of ['ab', 'x'.repeat(65)]) {
    expect(errorNames(await createUser({ username }))).toEqual(['body:username']);
  }
  expect(errorNames(await createUser({ username: 'long', password: 'p'.repeat(129) }))).toEqual([
    'body:password',
  ]);
  expect(
    errorNames(await world.request('POST', '/api/users', { session: admin, body: {} })),
  ).toEqual(expect.arrayContaining(['body:username', 'body:password', 'body:role']));
});

test('the list is paged, ordered by username, and filtered by search (case-insensitive) and role', async () => {
  const all = await world.request('GET', '/api/users?per_page=200', { session: admin });
  const names = (all.body.items as { username: string }[]).map((u) => u.username);
  expect(names).toEqual([...names].sort());
  const total = all.body.total as number;
  expect(total).toBe(names.length);

  const second = await world.request('GET', '/api/users?per_page=1&page=2', { session: admin });
  expect(second.body).toMatchObject({ page: 2, per_page: 1, total, total_pages: total });
  expect((second.body.items as { username: string }[]).map((u) => u.username)).toEqual([names[1]]);

  const past = await world.request('GET', `/api/users?page=${total + 1}`, { session: admin });
  expect(past.body).toMatchObject({ items: [], total });

  for (const search of ['LIC', 'alice@EXAMPLE', 'Alice A']) {
    const found = await world.request('GET', `/api/users?search=${encodeURIComponent(search)}`, {
      session: admin,
    });
    expect((found.body.items as { username: string }[]).map((u) => u.username)).toEqual(['alice']);
  }
  const admins = await world.request('GET', '/api/users?role=admin', { session: admin });
  const roles = (admins.body.items as { role: string }[]).map((u) => u.role);
  expect(roles.length).toBeGreaterThan(0);
  expect(new Set(roles)).toEqual(new Set(['admin']));

  for (const query of ['per_page=201', 'per_page=0', 'page=0', 'role=root']) {
    expectProblem(
      await world.request('GET', `/api/users?${query}`, { session: admin }),
      422,
      'validation_failed',
    );
  }
});

test('updating role, enabled and password: changes apply, and the user’s sessions end', async () => {
  const id = (await createUser({ username: 'dave' })).body.id as number;
  const dave = await world.login('dave', PASSWORD);
  const put = (body: Record<string, unknown>) =>
    world.request('PUT', `/api/users/${id}`, { session: admin, body });

  const promoted = await put({ role: 'admin' });
  expect(promoted.status).toBe(200);
  expect(promoted.body.role).toBe('admin');
  expectProblem(await me(dave), 401, 'unauthenticated');

  // With two admins, disabling one is allowed; a disabled user cannot log in (same answer as a
  // wrong password).
  expect((await put({ enabled: false })).body.enabled).toBe(false);
  expectProblem(
    await world.request('POST', '/api/auth/login', {
      body: { username: 'dave', password: PASSWORD },
    }),
    401,
    'invalid_credentials',
  );

  const reset = await put({ enabled: true, password: 'a brand new secret' });
  expect(reset.body).toMatchObject({ enabled: true, role: 'admin' });
  expect((await world.login('dave', 'a brand new secret')).userId).toBe(id);

  const renamed = await put({ display_name: 'David', email: 'dave@example.test' });
  expect(renamed.body).toMatchObject({ display_name: 'David', email: 'dave@example.test' });
  expectProblem(await put({}), 422, 'validation_failed');
  expectProblem(
    await world.request('PUT', '/api/users/999999', { session: admin, body: { role: 'user' } }),
    404,
    'not_found',
  );
  // Leave the setup admin as the only admin again.
  expect((await put({ role: 'user' })).status).toBe(200);
});

test('IA#12: demoting or disabling the only enabled admin → 409 last_admin; deleting oneself → 409 cannot_delete_self', async () => {
  const admins = await world.request('GET', '/api/users?role=admin', { session: admin });
  for (const other of admins.body.items as { id: number; enabled: boolean }[]) {
    if (other.id !== admin.userId && other.enabled) {
      await world.request('PUT', `/api/users/${other.id}`, {
        session: admin,
        body: { role: 'user' },
      });
    }
  }
  const self = `/api/users/${admin.userId}`;
  expectProblem(
    await world.request('PUT', self, { session: admin, body: { role: 'user' } }),
    409,
    'last_admin',
  );
  expectProblem(
    await world.request('PUT', self, { session: admin, body: { enabled: false } }),
    409,
    'last_admin',
  );
  expectProblem(await world.request('DELETE', self, { session: admin }), 409, 'cannot_delete_self');
  expect((await me(admin)).body.user).toMatchObject({ role: 'admin', enabled: true });
});

test('IA#13: a password change ends the user’s other sessions; a self change keeps the acting session', async () => {
  const id = (await createUser({ username: 'erin' })).body.id as number;
  const [acting, other] = [
    await world.login('erin', PASSWORD),
    await world.login('erin', PASSWORD),
  ];
  const change = (body: Record<string, unknown>) =>
    world.request('PUT', '/api/auth/password', { session: acting, body });

  const wrong = await change({
    current_password: 'not my password',
    new_password: 'next secret 1',
  });
  expectProblem(wrong, 422, 'validation_failed');
  expect(errorNames(wrong)).toEqual(['body:current_password']);
  expect(errorNames(await change({ current_password: PASSWORD, new_password: 'short' }))).toEqual([
    'body:new_password',
  ]);
  expect((await me(other)).status).toBe(200);

  expect((await change({ current_password: PASSWORD, new_password: 'next secret 1' })).status).toBe(
    204,
  );
  expect((await me(acting)).status).toBe(200);
  expectProblem(await me(other), 401, 'unauthenticated');

  // An administrator setting the password ends every session of that user.
  const put = await world.request('PUT', `/api/users/${id}`, {
    session: admin,
    body: { password: 'next secret 2' },
  });
  expect(put.status).toBe(200);
  expectProblem(await me(acting), 401, 'unauthenticated');
  expect((await me(admin)).status).toBe(200);
});

test('IA#10: a non-admin user → 403 forbidden on user management and API token routes', async () => {
  expect((await me(alice)).body.permissions).toEqual({ candidates_page: true, manage: false });
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/users'],
    ['POST', '/api/users', { username: 'mallory', password: PASSWORD, role: 'admin' }],
    ['PUT', `/api/users/${alice.userId}`, { role: 'admin' }],
    ['DELETE', `/api/users/${admin.userId}`],
    ['GET', '/api/settings/integrations/api-tokens'],
    ['POST', '/api/settings/integrations/api-tokens', { name: 'x', scopes: ['system:read'] }],
    ['DELETE', '/api/settings/integrations/api-tokens/1'],
  ];
  for (const [method, path, body] of routes) {
    expectProblem(await world.request(method, path, { session: alice, body }), 403, 'forbidden');
  }
  expect((await me(alice)).body.user).toMatchObject({ role: 'user' });
  expect(await world.db.user.count({ where: { username: 'mallory' } })).toBe(0);
});

test('deleting a user → 200 {deleted, id}, ends their sessions; a repeat → 404', async () => {
  const id = (await createUser({ username: 'frank' })).body.id as number;
  const frank = await world.login('frank', PASSWORD);
  const reply = await world.request('DELETE', `/api/users/${id}`, { session: admin });
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ deleted: true, id });
  expectProblem(await me(frank), 401, 'unauthenticated');
  expect(await world.db.session.count({ where: { userId: BigInt(id) } })).toBe(0);
  expectProblem(
    await world.request('DELETE', `/api/users/${id}`, { session: admin }),
    404,
    'not_found',
  );
  const list = await world.request('GET', '/api/users?search=frank', { session: admin });
  expect(list.body.total).toBe(0);
});
