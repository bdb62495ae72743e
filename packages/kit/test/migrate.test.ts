import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { migrate } from '@mcs/kit';
import { createTestEnv, type TestEnv } from '@mcs/kit/testing';

let env: TestEnv;
let pool: Pool;
beforeAll(async () => {
  env = await createTestEnv();
  pool = new Pool({ connectionString: env.databaseUrl });
});
afterAll(async () => {
  await pool.end();
  await env.cleanup();
});

function migrations(files: Record<string, string>): string {
  const directory = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(join(directory, name));
    writeFileSync(join(directory, name, 'migration.sql'), sql);
  }
  return directory;
}

test("migrations apply once, in name order, recorded in Prisma's _prisma_migrations format", async () => {
  const directory = migrations({
    '20260102000000_second': 'ALTER TABLE things ADD COLUMN label text;',
    '20260101000000_first': 'CREATE TABLE things (id int PRIMARY KEY);',
  });
  const first = await migrate(env.databaseUrl, [{ schema: 'm1', directory }]);
  expect(first.map((m) => m.name)).toEqual(['20260101000000_first', '20260102000000_second']);
  expect(await migrate(env.databaseUrl, [{ schema: 'm1', directory }])).toEqual([]);
  const { rows } = await pool.query(
    `SELECT migration_name, length(checksum) AS checksum_length, finished_at IS NOT NULL AS finished, applied_steps_count
       FROM m1._prisma_migrations ORDER BY migration_name`,
  );
  expect(rows).toEqual([
    {
      migration_name: '20260101000000_first',
      checksum_length: 64,
      finished: true,
      applied_steps_count: 1,
    },
    {
      migration_name: '20260102000000_second',
      checksum_length: 64,
      finished: true,
      applied_steps_count: 1,
    },
  ]);
  await pool.query(`INSERT INTO m1.things (id, label) VALUES (1, 'x')`);
});

test('a failing migration leaves nothing behind and stops the ones after it', async () => {
  const directory = migrations({
    '1_ok': 'CREATE TABLE a (id int);',
    '2_broken': 'CREATE TABLE b (id int); SELECT no_such_function();',
    '3_later': 'CREATE TABLE c (id int);',
  });
  await expect(migrate(env.databaseUrl, [{ schema: 'm2', directory }])).rejects.toThrow(
    'Migration m2/2_broken failed',
  );
  const { rows } = await pool.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'm2' ORDER BY 1`,
  );
  expect(rows.map((r: { table_name: string }) => r.table_name)).toEqual([
    '_prisma_migrations',
    'a',
  ]);
});

test('an applied migration whose file changed afterwards is refused', async () => {
  const directory = migrations({ '1_init': 'CREATE TABLE t (id int);' });
  await migrate(env.databaseUrl, [{ schema: 'm3', directory }]);
  writeFileSync(join(directory, '1_init', 'migration.sql'), 'CREATE TABLE t (id bigint);');
  await expect(migrate(env.databaseUrl, [{ schema: 'm3', directory }])).rejects.toThrow(
    'was changed after it was applied',
  );
});

test('replicas starting at once apply each migration exactly once', async () => {
  const directory = migrations({
    '1_init': 'CREATE TABLE once (id int);',
    '2_more': 'INSERT INTO once VALUES (1);',
  });
  const results = await Promise.all(
    [1, 2, 3, 4].map(() => migrate(env.databaseUrl, [{ schema: 'm4', directory }])),
  );
  expect(results.flat()).toHaveLength(2);
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM m4.once');
  expect(rows[0]).toEqual({ n: 1 });
});
