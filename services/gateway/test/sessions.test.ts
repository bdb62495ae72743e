import {
  expectProblem,
  GatewayWorld,
  sessionOf,
  type Reply,
  type Session,
} from './support/gateway';

/**
 * First-run setup, login, logout and the session cookie (internal-api.md 1.2, 2, 3; IA#1–6,
 * IA#9, IA#11). The world trusts the loopback proxy, so each login test sends its own
 * X-Forwarded-For address and gets its own login rate-limit counter.
 */

const PASSWORD = 'correct horse battery';

let lastAddress = 0;
const nextAddress = () => `10.0.${Math.floor(lastAddress / 250)}.${(lastAddress++ % 250) + 1}`;

describe('a fresh install', () => {
  let world: GatewayWorld;
  beforeAll(async () => {
    world = await GatewayWorld.start();
  });
  afterAll(() => world.stop());

  test('IA#33: GET /update-status answers before setup, with the running version and no release check, offline', async () => {
    // The network is sealed (test/setup/seal-network.ts): any connection the route tried to
    // make to another host would fail the request.
    const version = await world.request('GET', '/version');
    const update = await world.request('GET', '/update-status');
    expect(update.status).toBe(200);
    expect(update.body).toEqual({
      current_version: version.body.version,
      latest_version: null,
      update_available: null,
      checked_at: null,
      check_enabled: false,
      release_url: null,
    });
  });

  test('IA#1: GET /api/auth/me before setup → 503 setup_required', async () => {
    expectProblem(await world.request('GET', '/api/auth/me'), 503, 'setup_required');
  });

  test('an invalid setup request → 422 naming the fields, and setup stays incomplete', async () => {
    const reply = await world.request('POST', '/api/setup', {
      body: { username: 'a b', password: 'short' },
    });
    expectProblem(reply, 422, 'validation_failed');
    const names = (reply.body.errors as { in: string; name: string }[]).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['username', 'password']));
    expect((await world.request('GET', '/api/setup/status')).body.setup_complete).toBe(false);
  });

  test('IA#2, IA#3: of two concurrent setups exactly one → 201 with an HttpOnly SameSite=Lax cookie; the other and any later one → 409', async () => {
    const replies = await Promise.all(
      ['first', 'second'].map((username) =>
        world.request('POST', '/api/setup', { body: { username, password: PASSWORD } }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const created = replies.find((r) => r.status === 201) as Reply;
    expectProblem(replies.find((r) => r.status === 409) as Reply, 409, 'setup_already_complete');
    const cookie = created.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mcs_session=[A-Za-z0-9_-]{43,};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Secure/i);
    expect(created.body.csrf_token).toEqual(expect.any(String));
    expect(created.body.user).toMatchObject({ role: 'admin', enabled: true });
    expect(await world.db.user.count()).toBe(1);

    const again = await world.request('POST', '/api/setup', {
      body: { username: 'third', password: PASSWORD },
    });
    expectProblem(again, 409, 'setup_already_complete');
    expect((await world.request('GET', '/api/setup/status')).body.setup_complete).toBe(true);
  });
});

describe('after setup', () => {
  let world: GatewayWorld;
  let admin: Session;
  beforeAll(async () => {
    world = await GatewayWorld.start({ trustProxy: 'loopback' });
    admin = await world.setup('admin', PASSWORD);
  });
  afterAll(() => world.stop());

  const login = (
    username: string,
    password: string,
    options: { from?: string; headers?: Record<string, string> } = {},
  ) =>
    world.request('POST', '/api/auth/login', {
      body: { username, password },
      headers: { 'x-forwarded-for': options.from ?? nextAddress(), ...options.headers },
    });

  test('IA#4: a wrong password and an unknown user get identical 401 invalid_credentials bodies apart from request_id', async () => {
    const wrong = await login('admin', 'not the password');
    const unknown = await login('nobody', 'not the password');
    expectProblem(wrong, 401, 'invalid_credentials');
    expectProblem(unknown, 401, 'invalid_credentials');
    const { request_id: _a, ...wrongBody } = wrong.body;
    const { request_id: _b, ...unknownBody } = unknown.body;
    expect(wrongBody).toEqual(unknownBody);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  test('IA#5: the 6th login attempt from one address within a minute → 429 rate_limited with Retry-After; other addresses are unaffected', async () => {
    for (;;) {
      const from = nextAddress();
      const window = Math.floor(Date.now() / 60_000);
      const replies: Reply[] = [];
      for (let i = 0; i < 5; i += 1)
        replies.push(await login('nobody', 'wrong password', { from }));
      // Even the right password is refused now: the attempt has no effect.
      replies.push(await login('admin', PASSWORD, { from }));
      // Windows are fixed minutes: a run that straddled a boundary is repeated from a new address.
      if (Math.floor(Date.now() / 60_000) !== window) continue;
      for (const reply of replies.slice(0, 5)) expectProblem(reply, 401, 'invalid_credentials');
      const limited = replies[5] as Reply;
      expectProblem(limited, 429, 'rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(limited.headers.get('set-cookie')).toBeNull();
      break;
    }
    expect((await login('admin', PASSWORD)).status).toBe(200);
  });

  test('IA#6: /api/auth/me returns the user, role, CSRF token and permissions; without a cookie → 401', async () => {
    const me = await world.request('GET', '/api/auth/me', { session: admin });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: admin.userId, username: 'admin', role: 'admin' });
    expect(me.body.csrf_token).toBe(admin.csrf);
    expect(me.body.permissions).toEqual({ candidates_page: true, manage: true });
    expectProblem(await world.request('GET', '/api/auth/me'), 401, 'unauthenticated');
  });

  test('an unknown session cookie → 401 unauthenticated and the cookie is cleared', async () => {
    const reply = await world.request('GET', '/api/auth/me', {
      session: { cookie: 'A'.repeat(43), csrf: 'x', userId: 0 },
    });
    expectProblem(reply, 401, 'unauthenticated');
    expect(reply.headers.get('set-cookie')).toMatch(/^mcs_session=; Max-Age=0;/);
  });

  test('IA#9: after logout the old cookie → 401; the user’s other sessions stay valid', async () => {
    const session = sessionOf(await login('admin', PASSWORD));
    const out = await world.request('POST', '/api/auth/logout', { session });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^mcs_session=; Max-Age=0;/);
    expectProblem(await world.request('GET', '/api/auth/me', { session }), 401, 'unauthenticated');
    expect((await world.request('GET', '/api/auth/me', { session: admin })).status).toBe(200);
  });

  test('login with a non-JSON content type → 415', async () => {
    const reply = await world.request('POST', '/api/auth/login', {
      raw: JSON.stringify({ username: 'admin', password: PASSWORD }),
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': nextAddress() },
    });
    expectProblem(reply, 415, 'unsupported_media_type');
    expect(reply.headers.get('set-cookie')).toBeNull();
  });

  test('login from a foreign Origin → 403 csrf_failed; from the service’s own origin → 200', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const reply = await login('admin', PASSWORD, { headers: { origin } });
      expectProblem(reply, 403, 'csrf_failed');
      expect(reply.headers.get('set-cookie')).toBeNull();
    }
    expect((await login('admin', PASSWORD, { headers: { origin: world.url } })).status).toBe(200);
  });

  test('IA#11: a bearer token is not accepted on internal routes (401), and a session cookie not on /api/v1', async () => {
    const { token } = await world.token(admin, ['system:read']);
    for (const [method, path] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/users'],
      ['POST', '/api/settings/integrations/api-tokens'],
    ] as const) {
      const body = method === 'POST' ? { name: 'x', scopes: ['system:read'] } : undefined;
      expectProblem(await world.request(method, path, { token, body }), 401, 'unauthenticated');
    }
    expectProblem(
      await world.request('GET', '/api/v1/system', { session: admin }),
      401,
      'missing_token',
    );
  });

  test('the cookie is Secure (and HSTS is sent) when the request arrived over HTTPS through the trusted proxy', async () => {
    const https = await login('admin', PASSWORD, { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('set-cookie')).toMatch(/; Secure/);
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const http = await login('admin', PASSWORD);
    expect(http.headers.get('set-cookie')).not.toMatch(/Secure/i);
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('COOKIE_SECURE=true', () => {
  let world: GatewayWorld;
  beforeAll(async () => {
    world = await GatewayWorld.start({ cookieSecure: 'true' });
  });
  afterAll(() => world.stop());

  test('the session cookie is Secure even over plain HTTP', async () => {
    const reply = await world.request('POST', '/api/setup', {
      body: { username: 'admin', password: PASSWORD },
    });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Lax; Secure/);
  });
});
