import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, env, parseEnv, runtimeConfig, runtimeVars } from '@mcs/kit';
import { TEST_KEY_ENV } from '@mcs/kit/testing';

const schema = {
  ...runtimeVars(8101),
  TIMEOUT_MS: env.int(1000, { min: 100, max: 5000 }),
  FEATURE: env.bool(false),
};

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(schema, source);
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}

test('with only the signing keys set, every other variable takes its documented default', () => {
  const { keys, ...config } = runtimeConfig(parseEnv(runtimeVars(8101), TEST_KEY_ENV));
  expect(config).toEqual({
    port: 8101,
    database: { url: 'postgresql://postgres@127.0.0.1:5432/mcs', poolMax: 10 },
    redis: { url: 'redis://127.0.0.1:6379', prefix: 'mcs' },
    broker: { url: 'amqp://guest:guest@127.0.0.1:5672', namespace: 'mcs' },
    log: { level: 'info' },
    shutdownTimeoutMs: 20000,
    settingsWaitMs: 10000,
  });
  expect(keys.signing.asymmetricKeyType).toBe('ed25519');
  expect([...keys.peers.keys()].sort()).toEqual([
    'catalog',
    'cleanup',
    'gateway',
    'scheduler',
    'webhooks',
  ]);
});

test('without signing keys a service does not start: both variables are named', () => {
  expect(problemsOf({})).toEqual([
    expect.stringMatching(/^INTERNAL_SIGNING_KEY is required/),
    expect.stringMatching(/^INTERNAL_PUBLIC_KEYS is required/),
  ]);
});

test('every bad variable is named in one error, with what was expected', () => {
  const problems = problemsOf({
    ...TEST_KEY_ENV,
    PORT: 'eighty',
    DATABASE_URL: 'mysql://localhost/mcs',
    REDIS_URL: 'not a url',
    LOG_LEVEL: 'loud',
    TIMEOUT_MS: '99',
    FEATURE: 'maybe',
    BROKER_NAMESPACE: 'Has Spaces',
  });
  expect(problems.map((p) => p.split(' ')[0])).toEqual([
    'PORT',
    'DATABASE_URL',
    'REDIS_URL',
    'BROKER_NAMESPACE',
    'LOG_LEVEL',
    'TIMEOUT_MS',
    'FEATURE',
  ]);
  expect(problems[0]).toMatch(/PORT must be an integer between 0 and 65535/);
});

test('a malformed key is refused without echoing its value', () => {
  const problems = problemsOf({ ...TEST_KEY_ENV, INTERNAL_SIGNING_KEY: 'aHVudGVyMg==' });
  expect(problems).toEqual([expect.stringMatching(/^INTERNAL_SIGNING_KEY is not valid/)]);
  expect(problems.join('')).not.toContain('aHVudGVyMg');
});

test('the shared INTERNAL_SECRET of earlier versions is refused, naming what replaced it', () => {
  expect(problemsOf({ ...TEST_KEY_ENV, INTERNAL_SECRET: 'x'.repeat(40) })).toEqual([
    expect.stringMatching(
      /^INTERNAL_SECRET is no longer read; use INTERNAL_SIGNING_KEY and INTERNAL_PUBLIC_KEYS/,
    ),
  ]);
});

describe('a key may come from a file (<NAME>_FILE)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcs-config-'));
  const file = join(dir, 'private.key');
  writeFileSync(file, `${TEST_KEY_ENV.INTERNAL_SIGNING_KEY}\n`, { mode: 0o600 });
  const { INTERNAL_SIGNING_KEY: _key, ...others } = TEST_KEY_ENV;

  test('read, trimmed, and parsed as if it were the variable', () => {
    const parsed = parseEnv(runtimeVars(8101), { ...others, INTERNAL_SIGNING_KEY_FILE: file });
    expect(parsed.INTERNAL_SIGNING_KEY.asymmetricKeyType).toBe('ed25519');
  });

  test('not both, and an unreadable file is named without its content', () => {
    expect(problemsOf({ ...TEST_KEY_ENV, INTERNAL_SIGNING_KEY_FILE: file })).toEqual([
      expect.stringMatching(/^INTERNAL_SIGNING_KEY and INTERNAL_SIGNING_KEY_FILE are both set/),
    ]);
    expect(problemsOf({ ...others, INTERNAL_SIGNING_KEY_FILE: join(dir, 'missing') })).toEqual([
      expect.stringMatching(
        /^INTERNAL_SIGNING_KEY cannot be read from INTERNAL_SIGNING_KEY_FILE \(ENOENT\)/,
      ),
    ]);
  });
});

test('values are trimmed and typed', () => {
  const parsed = parseEnv(schema, {
    ...TEST_KEY_ENV,
    PORT: ' 9000 ',
    FEATURE: 'TRUE',
    TIMEOUT_MS: '250',
  });
  expect(parsed.PORT).toBe(9000);
  expect(parsed.FEATURE).toBe(true);
  expect(parsed.TIMEOUT_MS).toBe(250);
});
