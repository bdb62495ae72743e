import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestEnv, freePort, type TestEnv, waitFor } from '@mcs/kit/testing';
import { startSimulator } from '../infra/simulator/src';
import { conditionsRule } from '../services/cleanup/test/support/rules';

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

describe('pnpm start', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env.cleanup());

  type Stack = ReturnType<typeof run> & { ports: Record<string, number>; dataDir: string };

  /** Runs scripts/start.js on free ports against this file's world; `extra` overrides. */
  async function startStack(extra: NodeJS.ProcessEnv = {}): Promise<Stack> {
    const ports = Object.fromEntries(
      await Promise.all(SERVICES.map(async (s) => [s, await freePort()] as const)),
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'mcs-data-'));
    const stack = run(['scripts/start.js'], {
      ...Object.fromEntries(SERVICES.map((s) => [`MCS_${s.toUpperCase()}_PORT`, String(ports[s])])),
      MCS_DATA_DIR: dataDir,
      // A free port rather than the gateway's default 9100, which something else may hold.
      MCS_GATEWAY_METRICS_PORT: String(await freePort()),
      DATABASE_URL: env.databaseUrl,
      BROKER_NAMESPACE: env.namespace,
      REDIS_PREFIX: env.redisPrefix,
      LOG_LEVEL: 'warn',
      ...extra,
    });
    return { ...stack, ports, dataDir };
  }

  async function waitUntilUp(stack: Stack): Promise<void> {
    await waitFor(() => stack.output().includes('Media Cleanup Service is up'), {
      timeoutMs: 60_000,
      what: 'the start script to report the services up',
    }).catch((error: unknown) => {
      // What the services said is the only clue to why they did not come up.
      throw new Error(`${(error as Error).message}\n${stack.output().slice(-3000)}`);
    });
  }

  /** Runs `body` while the stack is up, then Ctrl-C: it exits 0 and nothing answers any more. */
  async function whileUp(
    body: (stack: Stack) => Promise<void>,
    extra: NodeJS.ProcessEnv = {},
  ): Promise<void> {
    const stack = await startStack(extra);
    try {
      await waitUntilUp(stack);
      await body(stack);
    } finally {
      stack.child.kill('SIGINT');
    }
    expect(await stack.exit).toBe(0);
    await expectStopped(Object.values(stack.ports));
  }

  const live = (port: number) =>
    fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(2000) }).then(
      (reply) => reply.status,
      (error: Error) => error.message,
    );

  /** Nothing answers on these ports any more. */
  async function expectStopped(ports: number[]): Promise<void> {
    for (const port of ports) {
      await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
    }
  }

  test('starts all five services healthy behind the gateway, and Ctrl-C stops them all', async () => {
    await whileUp(async (stack) => {
      // One downstream check may miss its 1 s limit while the rest of the suite loads the
      // machine; the system is up when the gateway answers healthy again.
      const health = await waitFor(
        async () => {
          const reply = await fetch(`http://127.0.0.1:${stack.ports.gateway}/health`);
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
      const privateKeys = SERVICES.map((s) => join(stack.dataDir, 'keys', s, 'private.key'));
      for (const file of [...privateKeys, join(stack.dataDir, 'encryption.key')])
        expect({ file, mode: statSync(file).mode & 0o777 }).toEqual({ file, mode: 0o600 });
      expect(new Set(privateKeys.map((file) => readFileSync(file, 'utf8'))).size).toBe(5);
    });
  }, 90_000);

  test('a killed service is back within 10 s, and the other four answer throughout', async () => {
    await whileUp(async (stack) => {
      const pid = /cleanup +\| started \(pid (\d+)\)/.exec(stack.output())?.[1];
      expect(pid).toBeDefined();
      const others = SERVICES.filter((s) => s !== 'cleanup');
      const failures: string[] = [];
      let watching = true;
      const watch = (async () => {
        while (watching) {
          const statuses = await Promise.all(others.map((s) => live(stack.ports[s]!)));
          statuses.forEach((status, i) => {
            if (status !== 200) failures.push(`${others[i]}: ${status}`);
          });
        }
      })();
      process.kill(Number(pid), 'SIGKILL');
      try {
        await waitFor(async () => (await live(stack.ports.cleanup!)) === 200, {
          timeoutMs: 10_000,
          what: 'the killed cleanup to answer /health/live again',
        });
      } finally {
        watching = false;
        await watch;
      }
      expect(failures).toEqual([]);
      expect(stack.output()).toMatch(/cleanup +\| exited \(SIGKILL\); restarting in \d/);
    });
  }, 90_000);

  test('a service that keeps crashing stops the stack with a message naming it', async () => {
    // Webhooks cannot listen on a port something else holds: it fails at every start.
    const holder = createServer().listen(0, '0.0.0.0');
    await new Promise((resolve) => holder.once('listening', resolve));
    const held = (holder.address() as { port: number }).port;
    try {
      const stack = await startStack({ MCS_WEBHOOKS_PORT: String(held) });
      expect(await stack.exit).toBe(1);
      const output = stack.output();
      expect(output).toMatch(/webhooks failed 5 times within 60 s \(last: code 1\)/);
      // Four restarts, each after a longer delay, then the fifth failure stops everything.
      expect(output.match(/webhooks +\| exited \(code 1\); restarting in .*/g)).toEqual(
        ['0.5', '1', '2', '4'].map(
          (delay) => `webhooks | exited (code 1); restarting in ${delay} s`,
        ),
      );
      await expectStopped(SERVICES.filter((s) => s !== 'webhooks').map((s) => stack.ports[s]!));
    } finally {
      holder.close();
    }
  }, 90_000);

  test('a service with a configuration error is not restarted', async () => {
    // A variable only webhooks reads: a bad port would also break the gateway's WEBHOOKS_URL,
    // and whichever of the two exited first would be the one named.
    const stack = await startStack({ WEBHOOK_DELIVERY_CONCURRENCY: 'many' });
    expect(await stack.exit).toBe(78);
    const output = stack.output();
    expect(output).toContain('- WEBHOOK_DELIVERY_CONCURRENCY ');
    expect(output).toMatch(/webhooks has a configuration error \(code 78\)/);
    expect(output).not.toMatch(/restarting in/);
    await expectStopped(Object.values(stack.ports));
  }, 90_000);

  test('MCS_SINGLE_PROCESS=1 runs the five services in one process, each on its own port, and serves the API', async () => {
    await whileUp(
      async (stack) => {
        const started = stack.output().match(/^\S+ +\| started \(pid (\d+)\)$/gm) ?? [];
        expect(started).toHaveLength(1);
        expect(started[0]).toMatch(/^mcs +\| started/);
        for (const service of SERVICES) expect(await live(stack.ports[service]!)).toBe(200);
        const gateway = `http://127.0.0.1:${stack.ports.gateway}`;
        const health = await waitFor(
          async () => {
            const reply = await fetch(`${gateway}/health`);
            return reply.status === 200 ? reply : undefined;
          },
          { timeoutMs: 15_000, what: 'the gateway to answer healthy' },
        );
        const report = (await health.json()) as { checks: { status: string }[] };
        expect(report.checks.filter((c) => c.status === 'ok')).toHaveLength(7);
        // Through the gateway to each owner: scheduler, catalog, cleanup, webhooks.
        const setup = await fetch(`${gateway}/api/setup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'correct horse battery' }),
        });
        expect(setup.status).toBe(201);
        const cookie = /mcs_session=[^;]*/.exec(setup.headers.get('set-cookie') ?? '')?.[0] ?? '';
        const { csrf_token: csrf } = (await setup.json()) as { csrf_token: string };
        const created = await fetch(`${gateway}/api/settings/integrations/api-tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
          body: JSON.stringify({
            name: 'single',
            scopes: ['system:read', 'media:read', 'candidates:read', 'events:read'],
          }),
        });
        expect(created.status).toBe(201);
        const { token } = (await created.json()) as { token: string };
        for (const path of ['/system', '/movies', '/candidates', '/events']) {
          const reply = await fetch(`${gateway}/api/v1${path}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          expect({ path, status: reply.status }).toEqual({ path, status: 200 });
        }
      },
      { MCS_SINGLE_PROCESS: '1' },
    );
  }, 90_000);

  test('in one process, the journey: media server, sync, rule, scan, a postponed candidate and its event in the feed', async () => {
    // A fresh install of its own: the other tests of this file have set up this file's world.
    const install = await createTestEnv();
    const sim = await startSimulator({ movies: 20, series: 2 });
    try {
      await whileUp(
        async (stack) => {
          const gateway = `http://127.0.0.1:${stack.ports.gateway}`;
          const setup = await fetch(`${gateway}/api/setup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: 'correct horse battery' }),
          });
          expect(setup.status).toBe(201);
          const cookie = /mcs_session=[^;]*/.exec(setup.headers.get('set-cookie') ?? '')?.[0];
          const { csrf_token: csrf } = (await setup.json()) as { csrf_token: string };
          const session = {
            'content-type': 'application/json',
            cookie: cookie ?? '',
            'x-csrf-token': csrf,
          };
          const post = (path: string, body: unknown) =>
            fetch(`${gateway}${path}`, {
              method: 'POST',
              headers: session,
              body: JSON.stringify(body),
            });

          // The simulator as the main media server and as Radarr, as an operator sets them up.
          for (const system of ['jellyfin', 'radarr'] as const) {
            const saved = await post('/api/settings/save/service', {
              service_type: system,
              name: `Simulated ${system}`,
              base_url: sim.urls[system],
              api_key: sim.apiKeys[system],
              enabled: true,
              is_main: system === 'jellyfin' ? true : undefined,
            });
            expect({ system, status: saved.status }).toEqual({ system, status: 201 });
          }
          const created = await post('/api/settings/integrations/api-tokens', {
            name: 'journey',
            scopes: ['media:read', 'candidates:read', 'candidates:manage', 'events:read'],
          });
          const { token } = (await created.json()) as { token: string };
          const bearer = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
          const read = async <T>(path: string) =>
            (await (await fetch(`${gateway}/api/v1${path}`, { headers: bearer })).json()) as T;

          // 202 queued, or 200 when a sync is already under way.
          expect([200, 202]).toContain((await post('/api/tasks/tasks/sync_media/run', {})).status);
          const movies = await waitFor(
            async () => {
              const page = await read<{ items: { title: string }[]; total: number }>('/movies');
              return page.total > 0 ? page : undefined;
            },
            { timeoutMs: 30_000, what: 'the synced movies' },
          );
          const title = movies.items[0]?.title;
          const rule = await post(
            '/api/rules',
            conditionsRule(
              'Journey',
              [{ field: 'media.title', operator: 'equals', value: title }],
              {
                action: { auto_delete_enabled: true, auto_delete_delay_days: 7 },
              },
            ),
          );
          expect(rule.status).toBe(201);
          // The scan waits for cleanup's projection of the synced library; retried until then.
          const candidate = await waitFor(
            async () => {
              await post('/api/tasks/tasks/scan_cleanup_candidates/run', {});
              const page = await read<{ items: { id: number }[] }>('/candidates');
              return page.items[0];
            },
            { timeoutMs: 45_000, intervalMs: 2_000, what: 'the rule to make a candidate' },
          );
          const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
          const postponed = await fetch(`${gateway}/api/v1/candidates/${candidate.id}/postpone`, {
            method: 'POST',
            headers: bearer,
            body: JSON.stringify({ until }),
          });
          expect({ status: postponed.status, body: await postponed.text() }).toMatchObject({
            status: 200,
          });
          const event = await waitFor(
            async () => {
              const feed = await read<{ items: { type: string; candidate_id: number | null }[] }>(
                '/events?limit=500',
              );
              return feed.items.find(
                (item) => item.type === 'candidate.postponed' && item.candidate_id === candidate.id,
              );
            },
            { timeoutMs: 30_000, what: 'candidate.postponed in the feed' },
          );
          expect(event).toBeDefined();
        },
        {
          MCS_SINGLE_PROCESS: '1',
          DATABASE_URL: install.databaseUrl,
          BROKER_NAMESPACE: install.namespace,
          REDIS_PREFIX: install.redisPrefix,
        },
      );
    } finally {
      await sim.close();
      await install.cleanup();
    }
  }, 240_000);

  test('in one process, a killed process brings all five back within 15 s', async () => {
    await whileUp(
      async (stack) => {
        const pid = /mcs +\| started \(pid (\d+)\)/.exec(stack.output())?.[1];
        expect(pid).toBeDefined();
        process.kill(Number(pid), 'SIGKILL');
        await waitFor(
          async () => {
            const statuses = await Promise.all(SERVICES.map((s) => live(stack.ports[s]!)));
            return statuses.every((status) => status === 200);
          },
          { timeoutMs: 15_000, what: 'the five services to answer again' },
        );
        expect(stack.output()).toMatch(/mcs +\| exited \(SIGKILL\); restarting in \d/);
      },
      { MCS_SINGLE_PROCESS: '1' },
    );
  }, 90_000);
});
