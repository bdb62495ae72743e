import { internalOpenApiDocument } from '@mcs/contracts';
import { expectProblem, GatewayWorld, type Session } from './support/gateway';

/**
 * The role matrix of the internal API (internal-api.md 1.2), read from the contract itself so a
 * new route is covered the day it is added: every `user` and `admin` operation refuses a caller
 * without a session (401) and one with only a bearer token (401), and every `admin` operation
 * refuses a logged-in user (403) — all before the request reaches the owning service, which is
 * down here (so a route that skipped the check would answer 503, not 401/403).
 */
interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string | string[]; enum?: unknown[] };
}
interface Operation {
  'x-access'?: string;
  parameters?: Parameter[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const paths = internalOpenApiDocument().paths as Record<string, Record<string, Operation>>;

/** A value each path parameter's schema accepts, so validation never answers first. */
function concretePath(path: string, operation: Operation): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const schema = operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
    if (schema?.enum?.length) return String(schema.enum[0]);
    return schema?.type === 'string' ? 'x' : '1';
  });
}

const routes = Object.entries(paths).flatMap(([path, item]) =>
  METHODS.filter(
    (method) => item[method]?.['x-access'] === 'user' || item[method]?.['x-access'] === 'admin',
  ).map((method) => {
    const operation = item[method] as Operation;
    return {
      method: method.toUpperCase(),
      path: concretePath(path, operation),
      access: operation['x-access'] as 'user' | 'admin',
    };
  }),
);

let world: GatewayWorld;
let admin: Session;
let user: Session;
let token: string;

beforeAll(async () => {
  world = await GatewayWorld.start();
  admin = await world.setup();
  user = await world.userSession(admin, 'plain-user');
  token = (await world.token(admin, ['system:read'])).token;
});
afterAll(() => world.stop());

test('the matrix covers every guarded internal operation', () => {
  expect(routes.length).toBeGreaterThan(80);
  for (const path of ['/api/dashboard', '/api/settings/oidc', '/api/settings/notifications/test'])
    if (paths[path]) expect(routes.some((route) => route.path === path)).toBe(true);
});

describe.each(routes)('$method $path ($access)', ({ method, path, access }) => {
  const body = method === 'GET' || method === 'DELETE' ? undefined : {};

  test('without a session → 401 unauthenticated', async () => {
    expectProblem(await world.request(method, path, { body }), 401, 'unauthenticated');
  });

  test('with only a bearer token → 401 unauthenticated', async () => {
    expectProblem(await world.request(method, path, { token, body }), 401, 'unauthenticated');
  });

  if (access === 'admin')
    test('as a user → 403 forbidden', async () => {
      expectProblem(await world.request(method, path, { session: user, body }), 403, 'forbidden');
    });
});
