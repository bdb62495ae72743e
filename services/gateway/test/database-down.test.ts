import { ident } from '@mcs/kit';
import { withAdminClient } from '@mcs/kit/testing';
import { expectProblem, GatewayWorld, type Reply, type Session } from './support/gateway';

/**
 * While the database refuses connections, requests that need it answer 503
 * service_unavailable with Retry-After (external-api.md 1.9), not 500; the gateway recovers by
 * itself once the database is back. Tokens are not cached, so every bearer request reaches the
 * database.
 */

const PASSWORD = 'correct horse battery';

let world: GatewayWorld;
let admin: Session;
let token: string;

/** As the superuser: refuse (and drop) every connection to this world's database, or allow. */
async function allowConnections(allowed: boolean): Promise<void> {
  const name = world.env.databaseName;
  await withAdminClient(async (client) => {
    await client.query(`ALTER DATABASE ${ident(name)} ALLOW_CONNECTIONS ${String(allowed)}`);
    if (!allowed)
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
  });
}

function expectDatabaseUnavailable(reply: Reply): void {
  expectProblem(reply, 503, 'service_unavailable');
  expect(reply.body.detail).toMatch(/database/i);
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  // Nothing about the server, the database or the driver's message reaches the client.
  expect(JSON.stringify(reply.body)).not.toMatch(/mcs_t_|accepting connections|5432|Prisma/);
}

beforeAll(async () => {
  world = await GatewayWorld.start({ tokenCacheTtlMs: 0 });
  admin = await world.setup('admin', PASSWORD);
  token = (await world.token(admin, ['tasks:read'])).token;
});
afterAll(async () => {
  // Cleanup drops the database, which needs connections allowed again.
  await allowConnections(true);
  await world.stop();
});

test('when the database refuses connections, session, login and bearer requests answer 503 service_unavailable with Retry-After, and recover once it is back', async () => {
  await allowConnections(false);
  try {
    expectDatabaseUnavailable(await world.request('GET', '/api/auth/me', { session: admin }));
    expectDatabaseUnavailable(
      await world.request('POST', '/api/auth/login', {
        body: { username: 'admin', password: PASSWORD },
      }),
    );
    expectDatabaseUnavailable(await world.request('GET', '/api/v1/tasks', { token }));
    expectDatabaseUnavailable(await world.request('GET', '/api/v1', { token }));

    // Readiness names the failing check without the driver's message (database name, address).
    const health = await world.request('GET', '/health');
    expect(health.status).toBe(503);
    const checks = health.body.checks as { name: string; status: string; error: string }[];
    expect(checks.find((check) => check.name === 'database')).toMatchObject({ status: 'fail' });
    expect(JSON.stringify(health.body)).not.toContain(world.env.databaseName);
  } finally {
    await allowConnections(true);
  }

  expect((await world.request('GET', '/api/auth/me', { session: admin })).status).toBe(200);
  const login = await world.request('POST', '/api/auth/login', {
    body: { username: 'admin', password: PASSWORD },
  });
  expect(login.status).toBe(200);
  expect((await world.request('GET', '/api/v1', { token })).status).toBe(200);
});
