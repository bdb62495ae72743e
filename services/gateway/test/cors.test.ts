import { loadConfig } from '../src/config';
import { GATEWAY_ENV, GatewayWorld, type Session } from './support/gateway';

/**
 * CORS on /api/v1 (external-api.md 1.12): allowed origins may call it from a browser with a
 * bearer token and read every answer; other origins get no CORS headers; never credentials.
 */
const DASHBOARD = 'https://dash.example:8443';
let world: GatewayWorld;
let admin: Session;
let token: string;

beforeAll(async () => {
  world = await GatewayWorld.start({ corsAllowedOrigins: [DASHBOARD] });
  admin = await world.setup();
  ({ token } = await world.token(admin, ['media:read']));
  await world.addReplica({ corsAllowedOrigins: [] });
  await world.addReplica({ corsAllowedOrigins: ['*'] });
});
afterAll(() => world.stop());

/** Plain fetch: preflights are not operations of the contract. */
function send(path: string, init: RequestInit & { replica?: number } = {}) {
  return fetch(`${world.replicas[init.replica ?? 0]?.url}${path}`, init);
}

function preflight(path: string, origin: string, method: string, replica = 0) {
  return send(path, {
    method: 'OPTIONS',
    replica,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, idempotency-key',
    },
  });
}

test('a preflight from an allowed origin is answered with the methods and headers the API takes', async () => {
  const reply = await preflight('/api/v1/protections', DASHBOARD, 'POST');
  expect(reply.status).toBe(204);
  expect(reply.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
  expect(reply.headers.get('access-control-allow-methods')).toBe('POST');
  expect(reply.headers.get('access-control-allow-headers')).toBe(
    'Authorization, Content-Type, Idempotency-Key, X-Request-Id',
  );
  expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
  expect(reply.headers.get('vary')).toMatch(/origin/i);
  // A method the path does not have: the path's own methods, so the browser refuses PATCH.
  const other = await preflight('/api/v1/protections', DASHBOARD, 'PATCH');
  expect(other.status).toBe(204);
  expect(other.headers.get('access-control-allow-methods')?.split(', ').sort()).toEqual([
    'GET',
    'POST',
  ]);
});

test('answers to an allowed origin, errors included, are readable with the exposed headers', async () => {
  const ok = await send('/api/v1', {
    headers: { origin: DASHBOARD, authorization: `Bearer ${token}` },
  });
  expect(ok.status).toBe(200);
  expect(ok.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
  const exposed = (ok.headers.get('access-control-expose-headers') ?? '').split(', ');
  expect(exposed).toEqual(
    expect.arrayContaining([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'RateLimit-Policy',
      'Retry-After',
      'Idempotent-Replayed',
      'X-Request-Id',
    ]),
  );
  const refused = await send('/api/v1/movies', { headers: { origin: DASHBOARD } });
  expect(refused.status).toBe(401);
  expect(refused.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
});

test('other origins, and every origin when none is configured, get no CORS headers', async () => {
  for (const [origin, replica] of [
    ['https://evil.example', 0],
    [DASHBOARD, 1],
  ] as const) {
    const reply = await send('/api/v1', {
      replica,
      headers: { origin, authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight('/api/v1/protections', origin, 'POST', replica);
    expect(pre.status).toBe(405);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  }
});

test('"*" allows any origin, still without credentials', async () => {
  const reply = await preflight('/api/v1/movies', 'https://anywhere.example', 'GET', 2);
  expect(reply.status).toBe(204);
  expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
});

test('CORS_ALLOWED_ORIGINS takes origins or *, and refuses anything else at start', () => {
  expect(loadConfig({ ...GATEWAY_ENV, CORS_ALLOWED_ORIGINS: '' }).corsAllowedOrigins).toEqual([]);
  expect(
    loadConfig({
      ...GATEWAY_ENV,
      CORS_ALLOWED_ORIGINS: 'https://Dash.example:8443, http://10.0.0.5, https://a.example:443',
    }).corsAllowedOrigins,
  ).toEqual(['https://dash.example:8443', 'http://10.0.0.5', 'https://a.example']);
  const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Error(`exit ${code}`);
  });
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    expect(() => loadConfig({ ...GATEWAY_ENV, CORS_ALLOWED_ORIGINS: 'dash.example/path' })).toThrow(
      'exit 78',
    );
    expect(stderr.mock.calls.join('')).toContain('CORS_ALLOWED_ORIGINS');
  } finally {
    exit.mockRestore();
    stderr.mockRestore();
  }
});
