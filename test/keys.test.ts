// scripts/keys.js: the keys `pnpm start` keeps in its data directory (docs/decisions/023).
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestEnv, type TestEnv } from '@mcs/kit/testing';

type KeysFor = (service: string) => Record<string, string>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { prepareKeys } = require('../scripts/keys') as {
  prepareKeys: (options: {
    dataDir: string;
    databaseUrl: string;
    env: Record<string, string | undefined>;
  }) => Promise<KeysFor>;
};

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.cleanup());

const freshDir = () => mkdtempSync(join(tmpdir(), 'mcs-keys-'));
async function sql(text: string, values: unknown[] = []) {
  const client = new Client({ connectionString: env.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

test('an encryption key an earlier version kept in the database moves into the data directory', async () => {
  await sql(`INSERT INTO platform.secrets (name, value) VALUES
    ('encryption_key', 'legacy-key-0123456789abcdefghijklmnop'), ('internal_secret', 'old')`);
  const dataDir = freshDir();
  const keysFor = await prepareKeys({ dataDir, databaseUrl: env.databaseUrl, env: {} });
  const file = join(dataDir, 'encryption.key');
  expect(keysFor('catalog').ENCRYPTION_KEYS_FILE).toBe(file);
  expect(keysFor('webhooks').ENCRYPTION_KEYS_FILE).toBe(file);
  expect(keysFor('scheduler').ENCRYPTION_KEYS_FILE).toBe(file);
  expect(keysFor('gateway').ENCRYPTION_KEYS_FILE).toBe(file);
  expect(keysFor('cleanup').ENCRYPTION_KEYS_FILE).toBeUndefined();
  expect(readFileSync(file, 'utf8').trim()).toBe('legacy-key-0123456789abcdefghijklmnop');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(await sql('SELECT name FROM platform.secrets')).toEqual([]);
});

test('an existing key file is kept, and the database is not asked', async () => {
  const dataDir = freshDir();
  writeFileSync(join(dataDir, 'encryption.key'), 'kept-key-0123456789abcdefghijklmnopq\n');
  const unreachable = 'postgresql://postgres@127.0.0.1:1/mcs';
  await prepareKeys({ dataDir, databaseUrl: unreachable, env: {} });
  expect(readFileSync(join(dataDir, 'encryption.key'), 'utf8')).toBe(
    'kept-key-0123456789abcdefghijklmnopq\n',
  );
});

test('without a key file and without a readable database, no new key is made', async () => {
  const dataDir = freshDir();
  const unreachable = 'postgresql://postgres@127.0.0.1:1/mcs';
  await expect(prepareKeys({ dataDir, databaseUrl: unreachable, env: {} })).rejects.toThrow(
    /cannot check the database for an earlier encryption key/,
  );
  expect(existsSync(join(dataDir, 'encryption.key'))).toBe(false);
});

test('keys set in the environment win; signing keys are per service and stable across starts', async () => {
  const dataDir = freshDir();
  const options = {
    dataDir,
    databaseUrl: env.databaseUrl,
    env: { ENCRYPTION_KEYS: 'x'.repeat(40) },
  };
  const first = await prepareKeys(options);
  expect(first('catalog').ENCRYPTION_KEYS_FILE).toBeUndefined();
  expect(existsSync(join(dataDir, 'encryption.key'))).toBe(false);
  const read = (keysFor: KeysFor, service: string) =>
    readFileSync(keysFor(service).INTERNAL_SIGNING_KEY_FILE ?? '', 'utf8');
  const again = await prepareKeys(options);
  expect(read(again, 'gateway')).toBe(read(first, 'gateway'));
  expect(read(first, 'gateway')).not.toBe(read(first, 'catalog'));
  const listed = readFileSync(first('cleanup').INTERNAL_PUBLIC_KEYS_FILE ?? '', 'utf8');
  expect(
    listed
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('=')[0]),
  ).toEqual(['gateway', 'catalog', 'cleanup', 'scheduler', 'webhooks']);
});
