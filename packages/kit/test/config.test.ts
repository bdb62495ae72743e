import { ConfigError, env, parseEnv, runtimeConfig, runtimeVars } from '@mcs/kit';

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

test('with nothing set, every variable takes its documented default', () => {
  const config = runtimeConfig(parseEnv(runtimeVars(8101), {}));
  expect(config).toEqual({
    port: 8101,
    database: { url: 'postgresql://postgres@127.0.0.1:5432/mcs', poolMax: 10 },
    redis: { url: 'redis://127.0.0.1:6379', prefix: 'mcs' },
    broker: { url: 'amqp://guest:guest@127.0.0.1:5672', namespace: 'mcs' },
    log: { level: 'info' },
    internalSecret: undefined,
    shutdownTimeoutMs: 20000,
  });
});

test('every bad variable is named in one error, with what was expected', () => {
  const problems = problemsOf({
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

test('a secret that is too short is refused without echoing its value', () => {
  const problems = problemsOf({ INTERNAL_SECRET: 'hunter2' });
  expect(problems).toEqual([
    expect.stringMatching(/^INTERNAL_SECRET must be at least 32 characters/),
  ]);
  expect(problems.join('')).not.toContain('hunter2');
});

test('values are trimmed and typed', () => {
  const parsed = parseEnv(schema, { PORT: ' 9000 ', FEATURE: 'TRUE', TIMEOUT_MS: '250' });
  expect(parsed.PORT).toBe(9000);
  expect(parsed.FEATURE).toBe(true);
  expect(parsed.TIMEOUT_MS).toBe(250);
});
