import { Pool } from 'pg';
import { runReencryptCommand, SecretBox } from '@mcs/kit';
import { createTestEnv, type TestEnv } from '@mcs/kit/testing';

const OLD = 'old-key-0123456789abcdef0123456789';
const NEW = 'new-key-0123456789abcdef0123456789';
const TARGETS = [{ table: 'credentials', key: 'id', columns: ['api_key', 'password'] }];

let env: TestEnv;
let pool: Pool;
beforeAll(async () => {
  env = await createTestEnv();
  pool = new Pool({ connectionString: env.databaseUrl, max: 2 });
  await pool.query(`CREATE SCHEMA vault;
    CREATE TABLE vault.credentials (id BIGINT PRIMARY KEY, api_key TEXT NOT NULL, password TEXT)`);
});
afterAll(async () => {
  await pool.end();
  await env.cleanup();
});

async function rows() {
  const { rows } = await pool.query<{ id: string; api_key: string; password: string | null }>(
    'SELECT id::text, api_key, password FROM vault.credentials ORDER BY id',
  );
  return rows;
}

async function run(keys: string[]) {
  const lines: string[] = [];
  const code = await runReencryptCommand('vault', TARGETS, {
    env: { DATABASE_URL: env.databaseUrl, ENCRYPTION_KEYS: keys.join(',') },
    out: (line) => lines.push(line),
  });
  return { code, lines };
}

test('moves every value to the current key; then the old key can go', async () => {
  const old = new SecretBox([OLD]);
  await pool.query('DELETE FROM vault.credentials');
  await pool.query('INSERT INTO vault.credentials VALUES (1, $1, $2), (2, $3, NULL)', [
    old.seal('key-1'),
    old.seal('pw-1'),
    new SecretBox([NEW]).seal('key-2'),
  ]);

  expect(await run([NEW, OLD])).toEqual({
    code: 0,
    lines: ['vault.credentials: 2 resealed, 1 already on the current key'],
  });
  const current = new SecretBox([NEW]);
  expect(
    (await rows()).map((r) => [
      r.id,
      current.open(r.api_key),
      r.password && current.open(r.password),
    ]),
  ).toEqual([
    ['1', 'key-1', 'pw-1'],
    ['2', 'key-2', null],
  ]);
  expect((await run([NEW])).lines).toEqual([
    'vault.credentials: 0 resealed, 3 already on the current key',
  ]);
});

test('a value no key opens is left as it is, named, and the command fails', async () => {
  await pool.query('DELETE FROM vault.credentials');
  const lost = new SecretBox(['lost-key-0123456789abcdef012345678']).seal('gone');
  await pool.query('INSERT INTO vault.credentials VALUES (7, $1, NULL), (8, $2, NULL)', [
    lost,
    new SecretBox([OLD]).seal('key-8'),
  ]);
  expect(await run([NEW, OLD])).toEqual({
    code: 1,
    lines: [
      'vault.credentials: 1 resealed, 0 already on the current key',
      'vault.credentials: rows 7 hold values no key opens; enter them again',
    ],
  });
  expect((await rows())[0]?.api_key).toBe(lost);
});

test('bad settings stop it with the configuration exit code, naming the variable', async () => {
  const lines: string[] = [];
  const code = await runReencryptCommand('vault', TARGETS, {
    env: { DATABASE_URL: env.databaseUrl, ENCRYPTION_KEYS: 'short' },
    out: (line) => lines.push(line),
  });
  expect(code).toBe(78);
  expect(lines.join('\n')).toMatch(/ENCRYPTION_KEYS must hold secrets of at least 32 characters/);
  expect(lines.join('\n')).not.toContain('short');
});
