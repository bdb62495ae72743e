import { externalOpenApiDocument } from '@mcs/contracts';
import { expectProblem, GatewayWorld, type Session } from './support/gateway';

let world: GatewayWorld;
let admin: Session;
const tokens = new Map<string, string>();

beforeAll(async () => {
  world = await GatewayWorld.start();
  admin = await world.setup();
});
afterAll(() => world.stop());

async function tokenWith(...scopes: string[]): Promise<string> {
  const key = scopes.join(',');
  if (!tokens.has(key)) tokens.set(key, (await world.token(admin, scopes)).token);
  return tokens.get(key) as string;
}

type Op = { method: string; path: string; scope: string | null; operationId: string };
const document = externalOpenApiDocument() as {
  paths: Record<string, Record<string, Record<string, unknown>>>;
};
const operations: Op[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path: path.replace('{task_id}', 'sync_media').replace(/\{[a-z_]+\}/g, '1'),
      scope: op['x-required-scope'] as string | null,
      operationId: op.operationId as string,
    })),
);

/** Minimal valid bodies, so the right-scope case gets past validation to routing. */
const BODIES: Record<string, unknown> = {
  postponeCandidate: { until: new Date(Date.now() + 86_400_000).toISOString() },
  createProtection: { media_type: 'movie', tmdb_id: 550 },
};

/** A scope that does not grant `required` (not it, and not a scope implying it). */
function wrongScopeFor(required: string): string {
  return required.startsWith('system') ? 'tasks:run' : 'system:read';
}

test('the table covers all 21 operations', () => {
  expect(operations).toHaveLength(21);
});

describe.each(operations)('$method $path ($operationId)', (op) => {
  const body = op.method === 'GET' ? undefined : (BODIES[op.operationId] ?? {});

  test('without a token → 401 missing_token', async () => {
    expectProblem(await world.request(op.method, op.path, { body }), 401, 'missing_token');
  });

  if (op.scope) {
    test('with a token lacking its scope → 403 insufficient_scope naming the scope', async () => {
      const reply = await world.request(op.method, op.path, {
        token: await tokenWith(wrongScopeFor(op.scope as string)),
        body,
      });
      expectProblem(reply, 403, 'insufficient_scope');
      expect(reply.body.detail).toContain(op.scope);
      expect(reply.headers.get('www-authenticate')).toBe(
        `Bearer realm="media-cleanup", error="insufficient_scope", scope="${op.scope}"`,
      );
    });
  }

  test('with its scope → passes auth and scope and reaches routing (503 while the owning service is down)', async () => {
    const reply = await world.request(op.method, op.path, {
      token: await tokenWith(op.scope ?? 'events:read'),
      body,
    });
    if (op.operationId === 'getDiscovery') {
      expect(reply.status).toBe(200);
    } else {
      expectProblem(reply, 503, 'service_unavailable');
      expect(reply.headers.get('retry-after')).toBeTruthy();
    }
  });
});

test('EA#7: candidates:manage implies candidates:read, but not events:read or media:read', async () => {
  const token = await tokenWith('candidates:manage');
  expect((await world.request('GET', '/api/v1/candidates', { token })).status).toBe(503);
  expectProblem(await world.request('GET', '/api/v1/events', { token }), 403, 'insufficient_scope');
  expectProblem(await world.request('GET', '/api/v1/movies', { token }), 403, 'insufficient_scope');
});

test('EA#8: protections:manage lists protections; tasks:run lists tasks but is refused /system', async () => {
  expect(
    (
      await world.request('GET', '/api/v1/protections', {
        token: await tokenWith('protections:manage'),
      })
    ).status,
  ).toBe(503);
  const run = await tokenWith('tasks:run');
  expect((await world.request('GET', '/api/v1/tasks', { token: run })).status).toBe(503);
  expectProblem(
    await world.request('GET', '/api/v1/system', { token: run }),
    403,
    'insufficient_scope',
  );
});

test('EA#9: discovery answers any valid token with granted and effective scopes', async () => {
  expect(
    (await world.request('GET', '/api/v1', { token: await tokenWith('events:read') })).status,
  ).toBe(200);
  const reply = await world.request('GET', '/api/v1/', {
    token: await tokenWith('candidates:manage'),
  });
  expect(reply.body.granted_scopes).toEqual(['candidates:manage']);
  expect(reply.body.effective_scopes).toEqual(['candidates:manage', 'candidates:read']);
  expect(reply.body.api_version).toBe('v1');
});

test('EA#14: unknown routes are 404 and wrong methods 405 with Allow, before authentication', async () => {
  expectProblem(await world.request('GET', '/api/v1/nope'), 404, 'not_found');
  expectProblem(await world.request('GET', '/api/v1/candidates/'), 404, 'not_found');
  const reply = await world.request('PUT', '/api/v1/system');
  expectProblem(reply, 405, 'method_not_allowed');
  expect(reply.headers.get('allow')).toBe('GET');
});
