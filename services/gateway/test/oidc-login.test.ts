import { expectProblem, GatewayWorld, type Session } from './support/gateway';
import { callback, FAILED, oidcLogin, sessionFrom, startLogin } from './support/oidc-browser';
import { FakeOidcProvider } from './support/oidc-provider';

/**
 * Single sign-on through OpenID Connect (internal-api.md 2) against a local provider: state,
 * nonce and PKCE, accounts found by issuer + subject, roles from groups, and a session exactly
 * like a password login's.
 */
let world: GatewayWorld;
let provider: FakeOidcProvider;
let admin: Session;

beforeAll(async () => {
  provider = await FakeOidcProvider.start();
  // Many logins from one address: the login limit has a file of its own (oidc-rate-limit).
  // Warnings kept: each refusal names its reason there, and never a token.
  world = await GatewayWorld.start({ loginAttemptsPerMinute: 1000 }, {}, undefined, 'warn');
  admin = await world.setup();
  await configure({
    enabled: true,
    issuer_url: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    auto_create_users: true,
    groups_claim: 'groups',
    admin_groups: ['mcs-admins'],
  });
});
afterAll(async () => {
  await world.stop();
  await provider.stop();
});

async function configure(change: Record<string, unknown>): Promise<void> {
  const reply = await world.request('PUT', '/api/settings/oidc', { session: admin, body: change });
  expect(reply.status).toBe(200);
}

const userCount = () => world.db.user.count();

/** The reason of the last failed OIDC login the gateway logged. */
function lastFailure(): string {
  const failures = (world.logs[0] ?? []).filter((line) => line.msg === 'oidc login failed');
  const reason = failures.at(-1)?.reason;
  return typeof reason === 'string' ? reason : '';
}

afterAll(() => {
  // Neither the provider's tokens nor the client secret ever reach a log line.
  const logged = JSON.stringify(world.logs);
  for (const secret of ['access-token', provider.clientSecret, 'eyJ'])
    expect(logged).not.toContain(secret);
});

test('a login sets a session like a password login: cookie, /api/auth/me with auth_provider oidc, CSRF token', async () => {
  provider.next = {
    sub: 'alice-sub',
    claims: { preferred_username: 'alice', email: 'alice@example.org', name: 'Alice A.' },
  };
  const { start, loginCookie, callbackUrl } = await startLogin(world, {
    returnTo: '/candidates?page=2',
  });
  expect(start.setCookies).toEqual([
    expect.stringMatching(/^mcs_oidc=[\w-]{43}; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/),
  ]);
  const reply = await callback(callbackUrl, loginCookie);
  expect(reply.status).toBe(302);
  expect(reply.location).toBe('/candidates?page=2');
  expect(reply.cookies.mcs_oidc).toBe(''); // the login's cookie is used once
  // The session cookie of a password login, attribute for attribute.
  expect(reply.setCookies).toContainEqual(
    expect.stringMatching(
      /^mcs_session=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    ),
  );
  const session = await sessionFrom(world, reply);
  expect(session.me).toMatchObject({
    user: {
      username: 'alice',
      display_name: 'Alice A.',
      email: 'alice@example.org',
      role: 'user',
      auth_provider: 'oidc',
    },
  });
  expect(session.me.csrf_token).toEqual(expect.any(String));
  // What the provider was asked for: the code flow with state, nonce and PKCE (S256).
  const asked = provider.authorizations.at(-1);
  expect(asked?.get('response_type')).toBe('code');
  expect(asked?.get('code_challenge_method')).toBe('S256');
  expect(asked?.get('state')?.length).toBeGreaterThanOrEqual(43);
  expect(asked?.get('nonce')?.length).toBeGreaterThanOrEqual(43);
  expect(asked?.get('redirect_uri')).toBe(`${world.url}/api/auth/oidc/callback`);
  // The session behaves like any other: a CSRF-protected write works with its token.
  const logout = await world.request('POST', '/api/auth/logout', { session });
  expect(logout.status).toBe(204);
});

test('the same subject logs in to the same account the next time', async () => {
  provider.next = { sub: 'alice-sub', claims: { preferred_username: 'renamed-alice' } };
  const before = await userCount();
  const session = await sessionFrom(world, await oidcLogin(world));
  expect((session.me.user as { username: string }).username).toBe('alice');
  expect(await userCount()).toBe(before);
});

test.each([
  [{ email: 'jane.doe@example.org' }, 'jane.doe@example.org'],
  [{ preferred_username: 'Jane Doe!' }, 'Jane-Doe-'],
  [{ preferred_username: 'jd' }, 'jd-user'],
])('a new account is named from the claims %j: %s', async (claims, username) => {
  provider.next = { sub: `named-${username}`, claims };
  const session = await sessionFrom(world, await oidcLogin(world));
  expect(session.me.user).toMatchObject({ username });
});

test('a callback with another state is refused, and no session is made', async () => {
  provider.next = { sub: 'state-sub' };
  const { loginCookie, callbackUrl } = await startLogin(world);
  const forged = new URL(callbackUrl);
  forged.searchParams.set('state', 'not-the-state-we-sent');
  const reply = await callback(forged.href, loginCookie);
  expect([reply.location, reply.cookies.mcs_session]).toEqual([FAILED, undefined]);
  expect(lastFailure()).toMatch(/state/);
});

test('a callback without the browser cookie of its login is refused (a login cannot be planted)', async () => {
  provider.next = { sub: 'planted-sub' };
  const { callbackUrl } = await startLogin(world);
  const reply = await callback(callbackUrl, '');
  expect([reply.location, reply.cookies.mcs_session]).toEqual([FAILED, undefined]);
  expect(lastFailure()).toMatch(/matches no login/);
});

test('an ID token with another nonce is refused', async () => {
  provider.next = { sub: 'nonce-sub', nonce: 'a-nonce-of-another-login' };
  const before = await userCount();
  const reply = await oidcLogin(world);
  expect([reply.location, reply.cookies.mcs_session]).toEqual([FAILED, undefined]);
  expect(lastFailure()).toMatch(/nonce/);
  expect(await userCount()).toBe(before);
});

test('a replayed callback URL is refused: its login was used', async () => {
  provider.next = { sub: 'replay-sub' };
  const { loginCookie, callbackUrl } = await startLogin(world);
  expect((await callback(callbackUrl, loginCookie)).cookies.mcs_session).toBeTruthy();
  const replay = await callback(callbackUrl, loginCookie);
  expect([replay.location, replay.cookies.mcs_session]).toEqual([FAILED, undefined]);
  expect(lastFailure()).toMatch(/matches no login/);
});

test('a used code is refused by the provider, even under a new login of this browser', async () => {
  provider.next = { sub: 'code-sub' };
  const first = await startLogin(world);
  expect((await callback(first.callbackUrl, first.loginCookie)).cookies.mcs_session).toBeTruthy();
  const second = await startLogin(world);
  const reused = new URL(second.callbackUrl);
  reused.searchParams.set('code', new URL(first.callbackUrl).searchParams.get('code') ?? '');
  const reply = await callback(reused.href, second.loginCookie);
  expect([reply.location, reply.cookies.mcs_session]).toEqual([FAILED, undefined]);
  expect(provider.refusals.at(-1)).toBe('unknown or used code');
  expect(lastFailure()).toMatch(/invalid_grant/);
});

test('the admin group makes an administrator; without it a user stays a user', async () => {
  provider.next = {
    sub: 'boss-sub',
    claims: { preferred_username: 'boss', groups: ['staff', 'mcs-admins'] },
  };
  const boss = await sessionFrom(world, await oidcLogin(world));
  expect(boss.me.user).toMatchObject({ username: 'boss', role: 'admin' });
  expect(boss.me.permissions).toEqual({ candidates_page: true, manage: true });
  provider.next = {
    sub: 'staff-sub',
    claims: { preferred_username: 'staffer', groups: ['staff'] },
  };
  const staffer = await sessionFrom(world, await oidcLogin(world));
  expect(staffer.me.user).toMatchObject({ username: 'staffer', role: 'user' });
});

test('at later logins the role follows the groups claim', async () => {
  provider.next = { sub: 'staff-sub', claims: { groups: ['mcs-admins'] } };
  expect((await sessionFrom(world, await oidcLogin(world))).me.user).toMatchObject({
    role: 'admin',
  });
  provider.next = { sub: 'staff-sub', claims: { groups: [] } };
  expect((await sessionFrom(world, await oidcLogin(world))).me.user).toMatchObject({
    role: 'user',
  });
});

test('a taken username gets a suffix instead of joining the other account', async () => {
  provider.next = { sub: 'another-admin-sub', claims: { preferred_username: 'admin' } };
  const session = await sessionFrom(world, await oidcLogin(world));
  expect(session.me.user).toMatchObject({ username: 'admin-2', auth_provider: 'oidc' });
  expect(session.userId).not.toBe(admin.userId);
});

test('a disabled account is refused', async () => {
  provider.next = { sub: 'disabled-sub', claims: { preferred_username: 'dora' } };
  const dora = await sessionFrom(world, await oidcLogin(world));
  const disabled = await world.request('PUT', `/api/users/${dora.userId}`, {
    session: admin,
    body: { enabled: false },
  });
  expect(disabled.status).toBe(200);
  const reply = await oidcLogin(world);
  expect([reply.location, reply.cookies.mcs_session]).toEqual([FAILED, undefined]);
  expect(lastFailure()).toMatch(/disabled/);
});

test('an OIDC account has no password here: PUT /api/auth/password is 409 not_local_account', async () => {
  provider.next = { sub: 'alice-sub' };
  const alice = await sessionFrom(world, await oidcLogin(world));
  const reply = await world.request('PUT', '/api/auth/password', {
    session: alice,
    body: { current_password: 'anything-at-all', new_password: 'a new password' },
  });
  expectProblem(reply, 409, 'not_local_account');
});

test.each([
  '//evil.example',
  'https://evil',
  '/\\evil.example',
  'javascript:alert(1)',
  'candidates',
])('return_to %s cannot send the browser elsewhere: it lands on /', async (returnTo) => {
  provider.next = { sub: 'alice-sub' };
  const reply = await oidcLogin(world, returnTo);
  expect(reply.cookies.mcs_session).toBeTruthy();
  expect(reply.location).toBe('/');
});

test('the login page learns whether to offer single sign-on from GET /api/setup/status', async () => {
  const status = await world.request('GET', '/api/setup/status');
  expect(status.body.oidc).toEqual({ enabled: true, button_label: 'Log in with single sign-on' });
});

describe('without auto_create_users', () => {
  beforeAll(() => configure({ auto_create_users: false }));
  afterAll(() => configure({ auto_create_users: true }));

  test('an unknown subject is refused and no account is made', async () => {
    provider.next = { sub: 'stranger-sub', claims: { preferred_username: 'stranger' } };
    const before = await userCount();
    const reply = await oidcLogin(world);
    expect([reply.location, reply.cookies.mcs_session]).toEqual([FAILED, undefined]);
    expect(lastFailure()).toMatch(/auto_create_users is off/);
    expect(await userCount()).toBe(before);
  });

  test('a subject linked to an account still logs in', async () => {
    provider.next = { sub: 'alice-sub' };
    const session = await sessionFrom(world, await oidcLogin(world));
    expect(session.me.user).toMatchObject({ username: 'alice' });
  });
});

describe('while disabled', () => {
  beforeAll(() => configure({ enabled: false }));
  afterAll(() => configure({ enabled: true }));

  test('the login route is 404 not_found and the login page shows no button', async () => {
    const { start } = await startLogin(world);
    expect([start.status, start.body.code]).toEqual([404, 'not_found']);
    expect((await world.request('GET', '/api/setup/status')).body.oidc).toMatchObject({
      enabled: false,
    });
  });
});

// Last: it disables the administrator the other tests act as.
test('the groups claim never demotes the last enabled administrator', async () => {
  provider.next = {
    sub: 'boss-sub',
    claims: { preferred_username: 'boss', groups: ['mcs-admins'] },
  };
  const boss = await sessionFrom(world, await oidcLogin(world));
  const disabled = await world.request('PUT', `/api/users/${admin.userId}`, {
    session: boss,
    body: { enabled: false },
  });
  expect(disabled.status).toBe(200);
  provider.next = { sub: 'boss-sub', claims: { groups: ['staff'] } };
  const after = await sessionFrom(world, await oidcLogin(world));
  expect(after.me.user).toMatchObject({ username: 'boss', role: 'admin' });
  expect(JSON.stringify(world.logs)).toContain(
    'the groups would demote the last enabled administrator',
  );
});
