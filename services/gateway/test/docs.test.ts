import { externalOpenApiDocument } from '@mcs/contracts';
import { expectProblem, GatewayWorld, type Reply, type Session } from './support/gateway';

/**
 * API documentation (external-api.md 2.2, 1.12, 1.13; internal-api.md §12): EA#10–12, EA#53.
 * The pages must work offline: every asset is served locally and no page code is inline.
 */

const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "worker-src 'self' blob:; connect-src 'self'; frame-ancestors 'none'";
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
type Paths = Record<string, Record<string, { tags?: string[] }>>;

let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  world = await GatewayWorld.start();
  admin = await world.setup();
});
afterAll(() => world.stop());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${world.url}${path}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** CSP directives, whitespace around the separators ignored (helmet writes none). */
const directives = (csp: string | null) => (csp ?? '').split(';').map((d) => d.trim());

const operationsOf = (paths: Paths) =>
  Object.values(paths).flatMap((item) => METHODS.filter((m) => m in item));

describe.each(['/api/v1', ''])('the docs pages under "%s"', (prefix) => {
  test('EA#10: /docs and /redoc load without a token, reference the local openapi.json and only local assets', async () => {
    for (const page of ['docs', 'redoc']) {
      const reply = await get(`${prefix}/${page}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.text).toContain(`"${prefix}/openapi.json"`);
      expect(reply.text).not.toMatch(/https?:\/\//);
      const references = [...reply.text.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
      expect(references.length).toBeGreaterThan(0);
      for (const reference of references) expect(reference).toMatch(/^\/(?!\/)/);
    }
  });

  test('EA#10: every asset the pages reference answers 200 with a JavaScript or CSS content type', async () => {
    for (const page of ['docs', 'redoc']) {
      const html = (await get(`${prefix}/${page}`)).text;
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
      expect(assets.length).toBeGreaterThan(0);
      for (const asset of assets) {
        const reply = await get(asset);
        expect(reply.status).toBe(200);
        expect(reply.headers.get('content-type')).toMatch(/javascript|css/);
        expect(reply.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  test('the Swagger UI initialisation code is served as a local JavaScript file', async () => {
    const page = await get(`${prefix}/docs`);
    const init = /src="([^"]*swagger-init\.js)"/.exec(page.text)?.[1] as string;
    const reply = await get(init);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(reply.text).toContain('SwaggerUIBundle');
  });

  test('the docs pages carry the docs CSP (script-src self) and have no inline script code', async () => {
    for (const page of ['docs', 'redoc']) {
      const reply = await get(`${prefix}/${page}`);
      expect(directives(reply.headers.get('content-security-policy'))).toEqual(
        directives(DOCS_CSP),
      );
      const scripts = [...reply.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, code] of scripts) {
        expect(attributes).toMatch(/\bsrc="/);
        expect((code as string).trim()).toBe('');
      }
      expect(reply.text).not.toMatch(/\son[a-z]+=/i);
    }
  });
});

test('the Swagger UI page has the Authorize button (bearer scheme in the served document)', async () => {
  const document = JSON.parse((await get('/api/v1/openapi.json')).text) as {
    components: { securitySchemes: Record<string, unknown> };
  };
  expect(document.components.securitySchemes.bearerAuth).toMatchObject({
    type: 'http',
    scheme: 'bearer',
  });
});

test('EA#11: /api/v1/openapi.json is the contracts package’s document, the same for every caller', async () => {
  const anonymous = await get('/api/v1/openapi.json');
  expect(anonymous.status).toBe(200);
  expect(anonymous.headers.get('content-type')).toMatch(/^application\/json/);
  const document = JSON.parse(anonymous.text) as {
    openapi: string;
    info: Record<string, unknown>;
    paths: Paths;
  };
  expect(document).toEqual(externalOpenApiDocument());
  expect(document.openapi).toMatch(/^3\.1\./);
  expect(document.info['x-api-version']).toBe('v1');
  // info.version is the running service's version (external-api.md 2.2): the document is
  // served as written, so this keeps the two from drifting apart at a release.
  const running = JSON.parse((await get('/version')).text) as { version: string };
  expect(document.info.version).toBe(running.version);
  expect(operationsOf(document.paths)).toHaveLength(21);
  for (const path of Object.keys(document.paths)) expect(path).toMatch(/^\/api\/v1(\/|$)/);
  expect(Object.keys(document.paths)).not.toEqual(
    expect.arrayContaining(['/api/v1/docs', '/api/v1/redoc', '/api/v1/openapi.json']),
  );

  const { token } = await world.token(admin, ['system:read']);
  for (const authorization of [`Bearer ${token}`, 'Bearer mcs_not_a_token', 'Basic eDp5']) {
    const reply = await get('/api/v1/openapi.json', { authorization });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(anonymous.text);
  }
});

test('IA#35: /openapi.json covers every external path and the internal routes, tagged internal:*', async () => {
  const combined = JSON.parse((await get('/openapi.json')).text) as { paths: Paths };
  const external = externalOpenApiDocument() as { paths: Paths };
  for (const path of Object.keys(external.paths)) expect(combined.paths).toHaveProperty([path]);
  for (const path of ['/api/setup', '/api/auth/login', '/api/users', '/health', '/version']) {
    expect(combined.paths).toHaveProperty([path]);
  }
  for (const [path, item] of Object.entries(combined.paths)) {
    if (path.startsWith('/api/v1')) continue;
    for (const method of METHODS.filter((m) => m in item)) {
      const tags = item[method]?.tags ?? [];
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toMatch(/^internal:/);
    }
  }
});

test('EA#53: /api/v1 responses carry the security headers, JSON ones the strict CSP', async () => {
  const { token } = await world.token(admin, ['system:read']);
  const replies: Reply[] = [
    await world.request('GET', '/api/v1', { token }),
    await world.request('GET', '/api/v1/candidates'),
    await world.request('GET', '/api/v1/nope', { token }),
    await world.request('PUT', '/api/v1/system', { token }),
    await world.request('GET', '/api/v1/system', { token }),
    await world.request('GET', '/api/v1/candidates?per_page=0', { token }),
  ];
  expect(replies.map((r) => r.status)).toEqual([200, 401, 404, 405, 503, 403]);
  for (const reply of replies) {
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(reply.headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=()',
    );
    expect(directives(reply.headers.get('content-security-policy'))).toEqual([
      "default-src 'none'",
      "frame-ancestors 'none'",
    ]);
    expect(reply.headers.get('strict-transport-security')).toBeNull();
  }
  for (const path of ['/api/v1/docs', '/api/v1/openapi.json']) {
    const reply = await get(path);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
  }
});

test('X-Request-Id: a well-formed incoming id is echoed in the header and the problem body, others are replaced', async () => {
  const echoed = await world.request('GET', '/api/v1/candidates', {
    headers: { 'x-request-id': 'client.req-42_A' },
  });
  expect(echoed.headers.get('x-request-id')).toBe('client.req-42_A');
  expectProblem(echoed, 401, 'missing_token');
  for (const bad of ['has space', 'x'.repeat(129), '../etc']) {
    const reply = await world.request('GET', '/api/v1/candidates', {
      headers: { 'x-request-id': bad },
    });
    expect(reply.headers.get('x-request-id')).not.toBe(bad);
    expect(reply.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
  }
});

test('the Swagger UI page never points at validator.swagger.io (validatorUrl: null)', async () => {
  const init = await get('/api/v1/docs-assets/swagger-init.js');
  expect(init.text).toContain('validatorUrl: null');
});
