import { expectProblem, GatewayWorld, type Reply, type Session } from './support/gateway';

/**
 * Deployment options as a client sees them: PUBLIC_BASE_PATH in the discovery links and the docs
 * pages (external-api.md 2.1, 2.2) and COOKIE_SECURE (internal-api.md 1.2).
 */

const PASSWORD = 'correct horse battery';
const BASE = '/media-cleanup';

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
