import { expectProblem, GatewayWorld, type Reply, type Session } from './support/gateway';

/**
 * Deployment options as a client sees them: PUBLIC_BASE_PATH in the discovery links and the docs
 * pages (external-api.md 2.1, 2.2), COOKIE_SECURE (internal-api.md 1.2), setup attempts under
 * the per-address login limit (internal-api.md 1.2), and the RateLimit-* headers on
 * authenticated error responses and with the limit disabled (external-api.md 1.9, 1.10).
 */

const PASSWORD = 'correct horse battery';
const BASE = '/media-cleanup';

/** The rate-limit windows are fixed minutes, on the same clock as the gateway's. */
const minute = () => Math.floor(Date.now() / 60_000);

/**
 * Runs `attempt` until one run stays inside one fixed window, so counts never straddle a reset.
 * Each attempt must use fresh keys (a new address or token).
 */
async function inOneWindow<T>(attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    const window = minute();
    const result = await attempt();
    if (minute() === window) return result;
  }
}

let lastAddress = 0;
/** A fresh client address, sent as X-Forwarded-For through a trusted loopback proxy. */
const nextAddress = () => `10.77.${Math.floor(lastAddress / 250)}.${(lastAddress++ % 250) + 1}`;

function rateLimitHeaders(reply: Reply) {
  return {
    limit: reply.headers.get('ratelimit-limit'),
    remaining: reply.headers.get('ratelimit-remaining'),
    reset: reply.headers.get('ratelimit-reset'),
    policy: reply.headers.get('ratelimit-policy'),
  };
}

function expectNoRateLimitHeaders(reply: Reply): void {
  expect(rateLimitHeaders(reply)).toEqual({
    limit: null,
    remaining: null,
    reset: null,
    policy: null,
  });
  expect(reply.headers.get('retry-after')).toBeNull();
}

function expectRetryAfter(reply: Reply): void {
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('PUBLIC_BASE_PATH=/media-cleanup', () => {
  let world: GatewayWorld;
  let admin: Session;
  beforeAll(async () => {
    world = await GatewayWorld.start({ basePath: BASE });
    admin = await world.setup();
  });
  afterAll(() => world.stop());

  /** What the reverse proxy does: the gateway itself serves the paths without the base path. */
  const stripBase = (link: string) => {
    expect(link.startsWith(`${BASE}/`)).toBe(true);
    return link.slice(BASE.length);
  };

  async function fetchText(path: string) {
    const response = await fetch(`${world.url}${path}`);
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  test('GET /api/v1 (and /api/v1/) list every resource link prefixed with the base path', async () => {
    const { token } = await world.token(admin, ['system:read']);
    for (const path of ['/api/v1', '/api/v1/']) {
      const reply = await world.request('GET', path, { token });
      expect(reply.status).toBe(200);
      expect(reply.body.api_version).toBe('v1');
      expect(reply.body.resources).toEqual({
        candidates: `${BASE}/api/v1/candidates`,
        docs: `${BASE}/api/v1/docs`,
        events: `${BASE}/api/v1/events`,
        movies: `${BASE}/api/v1/movies`,
        openapi: `${BASE}/api/v1/openapi.json`,
        protections: `${BASE}/api/v1/protections`,
        redoc: `${BASE}/api/v1/redoc`,
        series: `${BASE}/api/v1/series`,
        system: `${BASE}/api/v1/system`,
        tasks: `${BASE}/api/v1/tasks`,
      });
      expect(reply.body.granted_scopes).toEqual(['system:read']);
    }
  });

  test('each discovery link, with the base path taken off by the proxy, reaches a gateway route', async () => {
    const { token } = await world.token(admin, ['system:read']);
    const discovery = await world.request('GET', '/api/v1', { token });
    const links = Object.values(discovery.body.resources as Record<string, string>);
    expect(links).toHaveLength(10);
    for (const link of links) {
      const reply = await world.request('GET', stripBase(link), { token });
      // The services behind the gateway are down here: a route answers 200, 403 or 503, never 404.
      expect([200, 403, 503]).toContain(reply.status);
    }
    const spec = await fetchText(stripBase(`${BASE}/api/v1/openapi.json`));
    expect(spec.status).toBe(200);
    expect((JSON.parse(spec.text) as { openapi: string }).openapi).toMatch(/^3\.1\./);
  });

  describe.each(['/api/v1', ''])('the docs pages under "%s"', (prefix) => {
    test('/docs loads the spec and every asset from under the base path', async () => {
      const page = await fetchText(`${prefix}/docs`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`data-spec-url="${BASE}${prefix}/openapi.json"`);
      const references = [...page.text.matchAll(/\b(?:src|href)="([^"]*)"/g)].map(
        (m) => m[1] as string,
      );
      expect(references).toEqual(
        expect.arrayContaining([
          `${BASE}${prefix}/docs-assets/swagger-ui.css`,
          `${BASE}${prefix}/docs-assets/swagger-ui-bundle.js`,
          `${BASE}${prefix}/docs-assets/swagger-ui-standalone-preset.js`,
          `${BASE}${prefix}/docs-assets/swagger-init.js`,
        ]),
      );
      for (const reference of references) {
        expect(reference.startsWith(`${BASE}${prefix}/docs-assets/`)).toBe(true);
        const asset = await fetchText(stripBase(reference));
        expect(asset.status).toBe(200);
        expect(asset.headers.get('content-type')).toMatch(/javascript|css/);
      }
    });

    test('/redoc loads the spec and its bundle from under the base path', async () => {
      const page = await fetchText(`${prefix}/redoc`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`spec-url="${BASE}${prefix}/openapi.json"`);
      const references = [...page.text.matchAll(/\b(?:src|href)="([^"]*)"/g)].map(
        (m) => m[1] as string,
      );
      expect(references).toEqual([`${BASE}${prefix}/docs-assets/redoc.standalone.js`]);
      const bundle = await fetchText(stripBase(references[0] as string));
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    });
  });
});

describe('COOKIE_SECURE', () => {
  let world: GatewayWorld;
  /** The first administrator's setup, sent over HTTPS through the trusted proxy. */
  let setupReply: Reply;
  // Replica 0: COOKIE_SECURE=false behind one trusted hop; 1: true behind a loopback proxy;
  // 2: auto with no trusted proxy.
  const [INSECURE, SECURE, UNTRUSTED] = [0, 1, 2];
  const https = { 'x-forwarded-proto': 'https' };

  beforeAll(async () => {
    world = await GatewayWorld.start({
      cookieSecure: 'false',
      trustProxy: 1,
      loginAttemptsPerMinute: 1000,
    });
    setupReply = await world.request('POST', '/api/setup', {
      body: { username: 'admin', password: PASSWORD },
      headers: https,
    });
    await world.addReplica({ cookieSecure: 'true', trustProxy: 'loopback' });
    await world.addReplica({ cookieSecure: 'auto', trustProxy: false });
  });
  afterAll(() => world.stop());

  const login = (replica: number, headers: Record<string, string> = {}) =>
    world.request('POST', '/api/auth/login', {
      body: { username: 'admin', password: PASSWORD },
      headers,
      replica,
    });
  const session = (reply: Reply): Session => ({
    cookie: /mcs_session=([^;]*)/.exec(reply.headers.get('set-cookie') ?? '')?.[1] as string,
    csrf: reply.body.csrf_token as string,
    userId: 0,
  });
  const unknownSession: Session = { cookie: 'A'.repeat(43), csrf: 'x', userId: 0 };

  test('false: setup over HTTPS through a trusted proxy (hop count 1) sets the cookie without Secure', () => {
    expect(setupReply.status).toBe(201);
    // The gateway did see HTTPS (it sends HSTS), yet the cookie stays without Secure.
    expect(setupReply.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const cookie = setupReply.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mcs_session=[A-Za-z0-9_-]{43,};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/secure/i);
  });

  test('false: login, logout and a cleared unknown cookie over HTTPS never carry Secure', async () => {
    const loggedIn = await login(INSECURE, https);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(loggedIn.headers.get('set-cookie')).toMatch(/^mcs_session=[A-Za-z0-9_-]{43,};/);
    expect(loggedIn.headers.get('set-cookie')).not.toMatch(/secure/i);

    const out = await world.request('POST', '/api/auth/logout', {
      session: session(loggedIn),
      headers: https,
      replica: INSECURE,
    });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^mcs_session=; Max-Age=0;/);
    expect(out.headers.get('set-cookie')).not.toMatch(/secure/i);

    const unknown = await world.request('GET', '/api/auth/me', {
      session: unknownSession,
      headers: https,
      replica: INSECURE,
    });
    expectProblem(unknown, 401, 'unauthenticated');
    expect(unknown.headers.get('set-cookie')).toMatch(/^mcs_session=; Max-Age=0;/);
    expect(unknown.headers.get('set-cookie')).not.toMatch(/secure/i);
  });

  test('true: login over plain HTTP (directly or as the trusted proxy says) sets Secure, and so do the cookie-clearing responses', async () => {
    const plain: Record<string, string>[] = [{}, { 'x-forwarded-proto': 'http' }];
    for (const headers of plain) {
      const loggedIn = await login(SECURE, headers);
      expect(loggedIn.status).toBe(200);
      expect(loggedIn.headers.get('strict-transport-security')).toBeNull();
      expect(loggedIn.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);

      const out = await world.request('POST', '/api/auth/logout', {
        session: session(loggedIn),
        headers,
        replica: SECURE,
      });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/^mcs_session=; Max-Age=0;.*; Secure$/);
    }
    const unknown = await world.request('GET', '/api/auth/me', {
      session: unknownSession,
      replica: SECURE,
    });
    expectProblem(unknown, 401, 'unauthenticated');
    expect(unknown.headers.get('set-cookie')).toMatch(/^mcs_session=; Max-Age=0;.*; Secure$/);
  });

  test('auto: X-Forwarded-Proto: https from a peer that is not a trusted proxy does not make the cookie Secure', async () => {
    const reply = await login(UNTRUSTED, https);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).not.toMatch(/secure/i);
    expect(reply.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('setup attempts count toward the per-address login limit (3 a minute)', () => {
  const LIMIT = 3;
  const setupFrom = (from: string, body: Record<string, unknown>, replica = 0) =>
    world.request('POST', '/api/setup', { body, headers: { 'x-forwarded-for': from }, replica });
  const loginFrom = (from: string, password: string, replica = 0) =>
    world.request('POST', '/api/auth/login', {
      body: { username: 'admin', password },
      headers: { 'x-forwarded-for': from },
      replica,
    });
  let world: GatewayWorld;

  describe('before setup', () => {
    beforeAll(async () => {
      world = await GatewayWorld.start({ loginAttemptsPerMinute: LIMIT, trustProxy: 'loopback' });
      await world.addReplica();
    });
    afterAll(() => world.stop());

    test('after 3 rejected setups from one address the next → 429 with Retry-After; another address completes setup', async () => {
      const replies = await inOneWindow(async () => {
        const from = nextAddress();
        const sent: Reply[] = [];
        // Alternating replicas: the count is shared through Redis.
        for (let i = 0; i <= LIMIT; i += 1)
          sent.push(await setupFrom(from, { username: 'a b', password: 'short' }, i % 2));
        return sent;
      });
      for (const reply of replies.slice(0, LIMIT)) expectProblem(reply, 422, 'validation_failed');
      const limited = replies[LIMIT] as Reply;
      expectProblem(limited, 429, 'rate_limited');
      expectRetryAfter(limited);
      expect(limited.headers.get('set-cookie')).toBeNull();
      expect((await world.request('GET', '/api/setup/status')).body.setup_complete).toBe(false);

      const created = await setupFrom(nextAddress(), { username: 'admin', password: PASSWORD });
      expect(created.status).toBe(201);
      expect((await world.request('GET', '/api/setup/status')).body.setup_complete).toBe(true);
    });
  });

  describe('after setup', () => {
    beforeAll(async () => {
      world = await GatewayWorld.start({ loginAttemptsPerMinute: LIMIT, trustProxy: 'loopback' });
      await world.addReplica();
      expect(
        (await setupFrom(nextAddress(), { username: 'admin', password: PASSWORD })).status,
      ).toBe(201);
    });
    afterAll(() => world.stop());

    test('3 setup attempts (409) use up the address’s login attempts: even the right password → 429', async () => {
      const replies = await inOneWindow(async () => {
        const from = nextAddress();
        const sent: Reply[] = [];
        for (let i = 0; i < LIMIT; i += 1)
          sent.push(await setupFrom(from, { username: `other${i}`, password: PASSWORD }, i % 2));
        sent.push(await loginFrom(from, PASSWORD, LIMIT % 2));
        return sent;
      });
      for (const reply of replies.slice(0, LIMIT))
        expectProblem(reply, 409, 'setup_already_complete');
      const limited = replies[LIMIT] as Reply;
      expectProblem(limited, 429, 'rate_limited');
      expectRetryAfter(limited);
      expect(limited.headers.get('set-cookie')).toBeNull();
      expect(await world.db.user.count()).toBe(1);
      // Another address is unaffected.
      expect((await loginFrom(nextAddress(), PASSWORD)).status).toBe(200);
    });

    test('failed logins and setups share one count: login, setup, login, then setup → 429', async () => {
      const replies = await inOneWindow(async () => {
        const from = nextAddress();
        return [
          await loginFrom(from, 'not the password'),
          await setupFrom(from, { username: 'other', password: PASSWORD }, 1),
          await loginFrom(from, 'not the password'),
          await setupFrom(from, { username: 'other', password: PASSWORD }, 1),
        ];
      });
      expect(replies.map((r) => r.status)).toEqual([401, 409, 401, 429]);
      expectProblem(replies[3] as Reply, 429, 'rate_limited');
      expectRetryAfter(replies[3] as Reply);
    });
  });
});

describe('RateLimit-* headers', () => {
  let world: GatewayWorld;
  let admin: Session;
  // Replica 0: 50 a minute; 1: disabled (0); 2: 3 a minute. All share the Redis counters.
  const [LIMITED, DISABLED, TIGHT] = [0, 1, 2];
  beforeAll(async () => {
    world = await GatewayWorld.start({ rateLimitPerMinute: 50 });
    admin = await world.setup();
    await world.addReplica({ rateLimitPerMinute: 0 });
    await world.addReplica({ rateLimitPerMinute: 3 });
  });
  afterAll(() => world.stop());

  test('a 403 insufficient_scope and a 422 validation_failed carry the headers and count against the limit', async () => {
    const replies = await inOneWindow(async () => {
      const { token } = await world.token(admin, ['candidates:read']);
      return [
        await world.request('GET', '/api/v1/system', { token }),
        await world.request('GET', '/api/v1/candidates?per_page=0', { token }),
        await world.request('POST', '/api/v1/protections', { token, body: {} }),
        await world.request('GET', '/api/v1', { token }),
      ];
    });
    const [scope, validation, mutating, discovery] = replies as [Reply, Reply, Reply, Reply];
    expectProblem(scope, 403, 'insufficient_scope');
    expect(scope.body.detail).toContain('system:read');
    expectProblem(validation, 422, 'validation_failed');
    expect(validation.body.errors).toEqual([
      expect.objectContaining({ in: 'query', name: 'per_page' }),
    ]);
    expectProblem(mutating, 403, 'insufficient_scope');
    expect(discovery.status).toBe(200);
    expect(replies.map((r) => rateLimitHeaders(r).remaining)).toEqual(['49', '48', '47', '46']);
    for (const reply of replies) {
      const headers = rateLimitHeaders(reply);
      expect(headers.limit).toBe('50');
      expect(headers.policy).toBe('50;w=60');
      expect(Number(headers.reset)).toBeGreaterThanOrEqual(1);
      expect(Number(headers.reset)).toBeLessThanOrEqual(60);
    }
  });

  test('a 422 on a mutating operation carries the headers', async () => {
    const reply = await inOneWindow(async () => {
      const { token } = await world.token(admin, ['protections:manage']);
      return world.request('POST', '/api/v1/protections', { token, body: { media_type: 'x' } });
    });
    expectProblem(reply, 422, 'validation_failed');
    const { reset, ...headers } = rateLimitHeaders(reply);
    expect(headers).toEqual({ limit: '50', remaining: '49', policy: '50;w=60' });
    expect(Number(reset)).toBeGreaterThanOrEqual(1);
    expect(Number(reset)).toBeLessThanOrEqual(60);
  });

  test('over the limit, 429 answers before the scope check, with the headers and Retry-After', async () => {
    const replies = await inOneWindow(async () => {
      const { token } = await world.token(admin, ['candidates:read']);
      const sent: Reply[] = [];
      for (let i = 0; i < 4; i += 1)
        sent.push(await world.request('GET', '/api/v1/system', { token, replica: TIGHT }));
      return sent;
    });
    for (const reply of replies.slice(0, 3)) expectProblem(reply, 403, 'insufficient_scope');
    const limited = replies[3] as Reply;
    expectProblem(limited, 429, 'rate_limited');
    expectRetryAfter(limited);
    expect(replies.map((r) => rateLimitHeaders(r).remaining)).toEqual(['2', '1', '0', '0']);
    expect(rateLimitHeaders(limited).limit).toBe('3');
    expect(rateLimitHeaders(limited).policy).toBe('3;w=60');
  });

  test('with the limit disabled (0): no RateLimit-* headers on successes or errors, and no 429 even for a token over another replica’s limit', async () => {
    const { token } = await world.token(admin, ['candidates:read']);
    const exhausted = await inOneWindow(async () => {
      const sent: Reply[] = [];
      for (let i = 0; i < 4; i += 1)
        sent.push(await world.request('GET', '/api/v1', { token, replica: TIGHT }));
      return sent;
    });
    expectProblem(exhausted[3] as Reply, 429, 'rate_limited');

    const replies: Reply[] = [];
    for (let i = 0; i < 20; i += 1)
      replies.push(await world.request('GET', '/api/v1', { token, replica: DISABLED }));
    replies.push(await world.request('GET', '/api/v1/system', { token, replica: DISABLED }));
    replies.push(
      await world.request('GET', '/api/v1/candidates?per_page=0', { token, replica: DISABLED }),
    );
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(20).fill(200), 403, 422]);
    for (const reply of replies) expectNoRateLimitHeaders(reply);
  });

  test('requests on a disabled replica do not use up the count other replicas see', async () => {
    const { token } = await world.token(admin, ['candidates:read']);
    for (let i = 0; i < 5; i += 1)
      expect((await world.request('GET', '/api/v1', { token, replica: DISABLED })).status).toBe(
        200,
      );
    const reply = await world.request('GET', '/api/v1', { token, replica: LIMITED });
    expect(rateLimitHeaders(reply).remaining).toBe('49');
  });
});
