// `pnpm demo` (scripts/demo.js) headless, as a newcomer runs it: it reports candidates, a token and
// curl lines within its time, each printed curl line answers 200 with JSON, the local receiver
// verifies the signed deliveries, and Ctrl-C stops everything. The demo runs on this file's own
// database, broker namespace, Redis prefix and free ports (pnpm test builds before jest).
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestEnv, freePort, type TestEnv, waitFor } from '@mcs/kit/testing';

const ROOT = join(__dirname, '..');
const SERVICES = ['gateway', 'catalog', 'cleanup', 'scheduler', 'webhooks'];
const shell = promisify(execFile);

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.cleanup());

test('pnpm demo: candidates, a token, curl lines that work, verified webhooks, then Ctrl-C', async () => {
  const ports = Object.fromEntries(
    await Promise.all(
      SERVICES.map(async (s): Promise<[string, string]> => [
        `MCS_${s.toUpperCase()}_PORT`,
        String(await freePort()),
      ]),
    ),
  );
  const child = spawn(process.execPath, ['scripts/demo.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      ...ports,
      MCS_GATEWAY_METRICS_PORT: String(await freePort()),
      // The demo's own variables: it drops that database and that prefix's keys first.
      MCS_DEMO_DATA_DIR: mkdtempSync(join(tmpdir(), 'mcs-demo-')),
      MCS_DEMO_DATABASE_URL: env.databaseUrl,
      MCS_DEMO_NAMESPACE: env.namespace,
      REDIS_URL: env.runtimeConfig().redis.url,
      AMQP_URL: env.runtimeConfig().broker.url,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    await waitFor(
      () => output.includes('Press Ctrl-C to stop.') || output.includes('demo failed'),
      {
        timeoutMs: 150_000,
        what: 'the demo to be ready',
      },
    );
    expect(output).not.toContain('demo failed');
    const ready = /Ready in \d+ s: (\d+) cleanup candidates/.exec(output);
    expect(Number(ready?.[1])).toBeGreaterThan(0);
    expect(output).toMatch(/login {5}admin \/ \S{8,}/);
    expect(output).toMatch(/token {5}mcs_\S+/);

    const curls = output.split('\n').filter((line) => line.startsWith('  curl '));
    expect(curls.length).toBeGreaterThanOrEqual(5);
    for (const line of curls) {
      const { stdout } = await shell('bash', ['-c', `${line.trim()} -w '\\n%{http_code}'`]);
      const status = stdout.slice(stdout.lastIndexOf('\n') + 1);
      expect({ line, status }).toEqual({ line, status: '200' });
      const body = stdout.slice(0, stdout.lastIndexOf('\n'));
      expect(() => void JSON.parse(body)).not.toThrow();
    }
    // The scan scheduled the candidates: their events reach the receiver, signed and verified.
    const verified = () =>
      Number(/(\d+) verified, 0 rejected so far/.exec(output)?.[1] ?? 0) +
      (output.match(/webhook verified/g) ?? []).length;
    await waitFor(() => verified() > 0, { timeoutMs: 30_000, what: 'a verified delivery' });
    expect(output).not.toContain('REJECTED');
  } finally {
    child.kill('SIGINT');
  }
  expect(await exit).toBe(0);
}, 240_000);
