import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestEnv, waitFor, type TestEnv } from '@mcs/kit/testing';

// These tests run the built services as real processes (pnpm test builds before jest).
const ROOT = join(__dirname, '..');
const SERVICES = ['gateway', 'catalog', 'cleanup', 'scheduler', 'webhooks'];

beforeAll(() => {
  for (const service of SERVICES) {
    if (!existsSync(join(ROOT, 'services', service, 'dist', 'main.js'))) {
      throw new Error('Build the workspace first (pnpm build); pnpm test does it.');
    }
  }
});

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

test.each(SERVICES)('%s stops at start naming every bad environment variable', async (service) => {
  const secret = 'c2hvcnQtc2VjcmV0';
  const proc = run([`services/${service}/dist/main.js`], {
    PORT: 'eighty',
    DATABASE_URL: 'mysql://db/mcs',
    LOG_LEVEL: 'loud',
    INTERNAL_SIGNING_KEY: secret,
  });
  expect(await proc.exit).toBe(78);
  const output = proc.output();
  for (const name of [
    'PORT',
    'DATABASE_URL',
    'LOG_LEVEL',
    'INTERNAL_SIGNING_KEY',
    'INTERNAL_PUBLIC_KEYS',
  ])
    expect(output).toContain(`- ${name} `);
  expect(output).not.toContain(secret);
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('pnpm start', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env.cleanup());

  test('starts all five services healthy behind the gateway, and Ctrl-C stops them all', async () => {
    const ports = await Promise.all(SERVICES.map(() => freePort()));
    const portEnv = Object.fromEntries(
      SERVICES.map((s, i) => [`MCS_${s.toUpperCase()}_PORT`, String(ports[i])]),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'mcs-data-'));
    const start = run(['scripts/start.js'], {
      ...portEnv,
      MCS_DATA_DIR: dataDir,
      // A free port rather than the gateway's default 9100, which something else may hold.
      MCS_GATEWAY_METRICS_PORT: String(await freePort()),
      DATABASE_URL: env.databaseUrl,
      BROKER_NAMESPACE: env.namespace,
      REDIS_PREFIX: env.redisPrefix,
      LOG_LEVEL: 'warn',
    });
    try {
      await waitFor(() => start.output().includes('Media Cleanup Service is up'), {
        timeoutMs: 60_000,
        what: 'the start script to report the services up',
      }).catch((error: unknown) => {
        // What the services said is the only clue to why they did not come up.
        throw new Error(`${(error as Error).message}\n${start.output().slice(-3000)}`);
      });
      // One downstream check may miss its 1 s limit while the rest of the suite loads the
      // machine; the system is up when the gateway answers healthy again.
      const health = await waitFor(
        async () => {
          const reply = await fetch(`http://127.0.0.1:${ports[0]}/health`);
          return reply.status === 200 ? reply : undefined;
        },
        { timeoutMs: 15_000, what: 'the gateway to answer healthy' },
      );
      const report = (await health.json()) as { checks: { name: string; status: string }[] };
      expect(report.checks.filter((c) => c.status === 'ok')).toHaveLength(7);
      // Each service got its own signing key, and the encryption key was generated into the
      // data directory, readable by its owner only, never into the database it protects.
      const client = new Client({ connectionString: env.databaseUrl });
      await client.connect();
      const { rows } = await client.query('SELECT name FROM platform.secrets');
      await client.end();
      expect(rows).toEqual([]);
      const privateKeys = SERVICES.map((s) => join(dataDir, 'keys', s, 'private.key'));
      for (const file of [...privateKeys, join(dataDir, 'encryption.key')])
        expect({ file, mode: statSync(file).mode & 0o777 }).toEqual({ file, mode: 0o600 });
      expect(new Set(privateKeys.map((file) => readFileSync(file, 'utf8'))).size).toBe(5);
    } finally {
      start.child.kill('SIGINT');
    }
    expect(await start.exit).toBe(0);
    // Every service stopped: nothing answers on their ports any more.
    for (const port of ports) {
      await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
    }
  }, 90_000);
});
