// The migration runner operators use: `pnpm db:migrate` and the Kubernetes migration Job
// (infra/k8s/migrate-job.yaml) run the built `packages/kit/dist/bin/migrate.js`.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { createTestEnv, type TestEnv } from '@mcs/kit/testing';

const run = promisify(execFile);
const BIN = join(__dirname, '..', 'dist', 'bin', 'migrate.js');

let env: TestEnv;
let url: URL;
beforeAll(async () => {
  env = await createTestEnv();
  // A database that does not exist yet: the runner creates it, as on a first install.
  url = new URL(env.databaseUrl);
  url.pathname = `${url.pathname}_bin`;
});
afterAll(async () => {
  const admin = new Client({ connectionString: env.databaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
  await env.cleanup();
});

const migrateWith = (databaseUrl: string) =>
  run(process.execPath, [BIN], { env: { ...process.env, DATABASE_URL: databaseUrl } });

test('creates the database, applies the platform and every service once, then has nothing to do', async () => {
  const first = await migrateWith(url.href);
  const schemas = new Set(
    first.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/[ /]/)[1]),
  );
  expect([...schemas].sort()).toEqual([
    'catalog',
    'cleanup',
    'gateway',
    'platform',
    'scheduler',
    'webhooks',
  ]);
  expect((await migrateWith(url.href)).stdout).toBe('database is up to date\n');

  const db = new Client({ connectionString: url.href });
  await db.connect();
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM cleanup._prisma_migrations WHERE finished_at IS NOT NULL`,
  );
  await db.end();
  expect(Number(rows[0]?.n)).toBeGreaterThan(0);
});

test('a database it cannot reach fails with exit 1 and without the password', async () => {
  const unreachable = 'postgresql://mcs:secret-password@127.0.0.1:2/mcs';
  const failure = await migrateWith(unreachable).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toMatch(/^migration failed: /);
  expect(failure?.stderr).not.toContain('secret-password');
});
