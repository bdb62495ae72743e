import { Pool } from 'pg';
import { createHttpApp, createLogger, ident, listen, type HttpServer } from '@mcs/kit';
import { createTestEnv, waitFor, withAdminClient, type TestEnv } from '@mcs/kit/testing';

/**
 * The error handler answers 503 service_unavailable (external-api.md 1.9) for pg's
 * connection-level failures as pg really throws them, and keeps 500 for queries that fail on
 * their data. Prisma's wrapped forms are covered black-box in services/gateway/test.
 */

let env: TestEnv;
let server: HttpServer;
let base: string;
const pools: Pool[] = [];

function pool(url: string, options: { max?: number; connectionTimeoutMillis?: number } = {}) {
  const created = new Pool({ connectionString: url, ...options });
  created.on('error', () => undefined);
  pools.push(created);
  return created;
}

async function terminateBackends(): Promise<void> {
  await withAdminClient((admin) =>
    admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [env.databaseName],
    ),
  );
}

/** Each case runs one statement the way a route would, and lets its error propagate. */
const cases: Record<string, () => Promise<unknown>> = {
  refused: () => pool('postgresql://postgres@127.0.0.1:1/none').query('SELECT 1'),
  'pool timeout': async () => {
    const busy = pool(env.databaseUrl, { max: 1, connectionTimeoutMillis: 100 });
    const held = await busy.connect();
    try {
      await busy.query('SELECT 1');
    } finally {
      held.release();
    }
  },
  terminated: async () => {
    const query = pool(env.databaseUrl).query('SELECT pg_sleep(30)');
    // Terminated once it is running, not after a guessed delay.
    await waitFor(() =>
      withAdminClient(async (admin) => {
        const { rows } = await admin.query(
          "SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND query = 'SELECT pg_sleep(30)' AND state = 'active'",
          [env.databaseName],
        );
        return rows.length > 0;
      }),
    );
    await terminateBackends();
    await query;
  },
  'not accepting connections': async () => {
    const name = ident(env.databaseName);
    await withAdminClient((admin) => admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`));
    try {
      await pool(env.databaseUrl).query('SELECT 1');
    } finally {
      await withAdminClient((admin) =>
        admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`),
      );
    }
  },
  // A transaction's client whose connection died under it, asked again (a restarting
  // PostgreSQL mid-request): pg refuses at once, without a SQLSTATE.
  'connection died under its client': async () => {
    const client = await pool(env.databaseUrl).connect();
    try {
      // pg reports the loss more than once (the FATAL message, then the closed socket).
      const died = new Promise((resolve) => client.on('error', resolve));
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await withAdminClient((admin) =>
        admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]),
      );
      await died;
      await client.query('SELECT 1');
    } finally {
      client.release(true);
    }
  },
  'invalid input': () => pool(env.databaseUrl).query('SELECT $1::int', ['abc']),
  'division by zero': () => pool(env.databaseUrl).query('SELECT 1 / 0'),
};

beforeAll(async () => {
  env = await createTestEnv();
  const log = createLogger({ service: 'test', level: 'silent' });
  const app = createHttpApp({
    log,
    routes: (root) => {
      root.get('/case/:name', async (req, res) => {
        await (cases[req.params.name] as () => Promise<unknown>)();
        res.json({ failed: false }); // a case that did not fail answers at once, never hangs
      });
    },
  });
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  await env.cleanup();
});

async function run(name: string) {
  const response = await fetch(`${base}/case/${encodeURIComponent(name)}`);
  return { response, body: (await response.json()) as Record<string, unknown> };
}

test.each([
  'refused',
  'pool timeout',
  'terminated',
  'not accepting connections',
  'connection died under its client',
])(
  'a database that cannot be used (%s) answers 503 service_unavailable with Retry-After',
  async (name) => {
    const { response, body } = await run(name);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(body).toMatchObject({ code: 'service_unavailable', title: 'Service unavailable' });
    expect(JSON.stringify(body)).not.toMatch(
      /127\.0\.0\.1|mcs_t_|terminat|timeout exceeded|queryable/,
    );
  },
);

test.each(['invalid input', 'division by zero'])(
  'a query that fails on its data (%s) stays a 500 internal_error',
  async (name) => {
    const { response, body } = await run(name);
    expect(response.status).toBe(500);
    expect(body.code).toBe('internal_error');
  },
);
