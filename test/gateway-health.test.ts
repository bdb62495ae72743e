import { freePort, TEST_ENCRYPTION_KEYS, waitFor } from '@mcs/kit/testing';
import { GatewayWorld } from '../services/gateway/test/support/gateway';
import { startScheduler } from '../services/scheduler/src/server';
import { startInternalServices } from './support/internal-services';

/**
 * The gateway's /health answers anyone and asks every dependency, the four services included
 * (internal-api.md 3). A flood of it must not turn into a flood at the services (issue 25 point
 * 4), and a dependency that is down is said once in the log, not on every call (point 5).
 */

/** How many GET /health requests a service has answered, from its own /metrics. */
async function healthRequests(serviceUrl: string): Promise<number> {
  const text = await (await fetch(`${serviceUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('http_request_duration_seconds_count{') && line.includes('route="/health"'),
    )
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('with the four services up', () => {
  let services: Awaited<ReturnType<typeof startInternalServices>>;
  let world: GatewayWorld;
  beforeAll(async () => {
    services = await startInternalServices();
    world = await GatewayWorld.start({}, services.urls);
  });
  afterAll(async () => {
    await world.stop();
    await services.stop();
  });

  test('many concurrent and repeated anonymous /health calls within a second reach each service once', async () => {
    const urls = Object.values(services.urls);
    const before = await Promise.all(urls.map(healthRequests));
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => world.request('GET', '/health')),
    );
    while (Date.now() - started < 400) replies.push(await world.request('GET', '/health'));
    const windows = Math.ceil((Date.now() - started) / 1000);

    const after = await Promise.all(urls.map(healthRequests));
    for (const [i, count] of after.entries()) {
      const calls = count - (before[i] as number);
      expect(calls).toBeGreaterThanOrEqual(1);
      // One fan-out per second at most (the calls normally fit in one).
      expect(calls).toBeLessThanOrEqual(windows);
    }
    expect(new Set(replies.map((reply) => reply.status))).toEqual(new Set([200]));
  });
});

describe('while dependencies go down and come back', () => {
  let world: GatewayWorld;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    world = await GatewayWorld.start(
      {},
      { scheduler: `http://127.0.0.1:${port}` },
      undefined,
      'info',
    );
  });
  afterAll(() => world.stop());

  const schedulerCheck = async () => {
    const reply = await world.request('GET', '/health');
    const checks = reply.body.checks as { name: string; status: string }[];
    return checks.find((check) => check.name === 'scheduler')?.status;
  };

  test('each change of a dependency is logged once: down with the reason and no stack, back up as one info line', async () => {
    await waitFor(async () => (await schedulerCheck()) === 'fail', { what: 'scheduler down' });
    const scheduler = await startScheduler({
      runtime: world.env.runtimeConfig({ port }),
      encryptionKeys: TEST_ENCRYPTION_KEYS,
    });
    try {
      await waitFor(async () => (await schedulerCheck()) === 'ok', { what: 'scheduler up' });
      // A few more rounds of checks while the other three services stay down.
      await waitFor(
        async () => {
          await world.request('GET', '/health');
          return (await healthRequests(scheduler.url)) >= 3;
        },
        { what: 'three rounds of checks', intervalMs: 100 },
      );
    } finally {
      await scheduler.stop();
    }
    await waitFor(async () => (await schedulerCheck()) === 'fail', { what: 'scheduler down' });

    const lines = (world.logs[0] ?? []).filter((line) => line.check !== undefined);
    const of = (name: string) =>
      lines.filter((line) => line.check === name).map((line) => [line.level, line.msg]);
    const down = [40, 'dependency is down'];
    const up = [30, 'dependency is back up'];
    expect(of('scheduler')).toEqual([down, up, down]);
    for (const name of ['catalog', 'cleanup', 'webhooks']) expect(of(name)).toEqual([down]);
    for (const line of lines.filter((l) => l.level === 40)) {
      // A refused connection is expected when a service is down: its reason, not a stack.
      expect(line.reason).toEqual(expect.stringContaining('ECONNREFUSED'));
      expect(line.err).toBeUndefined();
    }
  });
});
