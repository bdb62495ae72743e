import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createTestEnv, waitFor, type TestEnv, TEST_ENCRYPTION_KEYS } from '@mcs/kit/testing';
import { gatewayDefaults } from '../services/gateway/src/config';
import { startGateway } from '../services/gateway/src/server';
import { startScheduler } from '../services/scheduler/src/server';

// A service stops promptly while clients hold keep-alive connections: it stops accepting,
// answers what is in flight with `Connection: close`, refuses (503) what arrives after, and
// closes each connection as soon as it is idle.
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.cleanup());

interface Outcome {
  sentAt: number;
  status?: number;
  connection?: string;
  /** Every byte of the response arrived. */
  complete?: boolean;
  error?: string;
}

function get(agent: Agent, url: string): Promise<Outcome> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('close', () =>
        resolve({
          sentAt,
          status: res.statusCode,
          connection: res.headers.connection,
          complete: res.complete,
        }),
      );
    });
    req.on('error', (error) => resolve({ sentAt, error: error.message }));
    req.end();
  });
}

/** Four keep-alive connections, each sending its next request as soon as the last is answered. */
function keepAliveLoad(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  let running = true;
  const outcomes: Outcome[] = [];
  const loops = [1, 2, 3, 4].map(async () => {
    while (running) outcomes.push(await get(agent, url));
  });
  return {
    outcomes,
    agent,
    serving: () =>
      waitFor(() => outcomes.some((o) => o.status === 200), { what: `answers from ${url}` }),
    end: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A request whose head the server has read, waiting for the rest of its body. */
function requestInFlight(url: string) {
  const body = '{"name":"in flight"}';
  const req = request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('close', () =>
        resolve({
          sentAt: 0,
          status: res.statusCode,
          connection: res.headers.connection,
          complete: res.complete,
        }),
      );
    });
    req.on('error', (error) => resolve({ sentAt: 0, error: error.message }));
  });
  const headSent = new Promise<void>((resolve) => req.write(body.slice(0, 5), () => resolve()));
  return { headSent, finish: () => (req.end(body.slice(5)), outcome) };
}

/** A raw connection holding the first lines of a request whose head is not finished yet. */
async function requestHeadStarted(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let reply = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (reply += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) =>
    socket.write('GET /health/live HTTP/1.1\r\nHost: localhost\r\n', () => resolve()),
  );
  return { finish: () => (socket.write('\r\n'), closed.then(() => reply)) };
}

/** How long `stopping` took, or Infinity when it was still running after `limitMs`. */
async function durationOf(stopping: Promise<void>, limitMs: number) {
  const began = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<number>((resolve) => (timer = setTimeout(resolve, limitMs, Infinity)));
  const took = await Promise.race([stopping.then(() => performance.now() - began), limit]);
  clearTimeout(timer);
  return took;
}

test('a service under keep-alive load stops within 2 s, closing every connection cleanly', async () => {
  const scheduler = await startScheduler({
    runtime: env.runtimeConfig(),
    encryptionKeys: TEST_ENCRYPTION_KEYS,
  });
  const port = Number(new URL(scheduler.url).port);
  const load = keepAliveLoad(`${scheduler.url}/health/live`);
  await load.serving();
  const inFlight = requestInFlight(`${scheduler.url}/api/tasks`);
  await inFlight.headSent;
  const lateHead = await requestHeadStarted(port);
  // One answered round trip on a fresh connection: the server has read both heads by now.
  expect((await get(new Agent(), `${scheduler.url}/health/live`)).status).toBe(200);

  const stopBegan = performance.now();
  const stopping = scheduler.stop();
  const inFlightOutcome = inFlight.finish();
  const lateReply = lateHead.finish();
  const took = await durationOf(stopping, 5000);
  await load.end();
  await stopping;

  expect(took).toBeLessThan(2000);
  // The request in flight is answered (401: it is not signed by the gateway), then closed.
  expect(await inFlightOutcome).toMatchObject({ status: 401, connection: 'close', complete: true });
  // A request that arrives after stop began is refused, not served.
  expect(await lateReply).toMatch(/^HTTP\/1\.1 503 .*\r\n(.*\r\n)*connection: close\r\n/i);
  // Never half a response; nothing sent after stop began was served.
  expect(load.outcomes.filter((o) => o.status !== undefined && !o.complete)).toEqual([]);
  expect(load.outcomes.filter((o) => o.sentAt > stopBegan && o.status === 200)).toEqual([]);
  // Nothing answers once stop has completed.
  expect((await get(load.agent, `${scheduler.url}/health/live`)).error).toMatch(/ECONNREFUSED/);
}, 30_000);

test('the gateway closes its public and metrics ports within 2 s under keep-alive load', async () => {
  const nowhere = 'http://127.0.0.1:9';
  const gateway = await startGateway(
    gatewayDefaults(
      env.runtimeConfig({ metricsPort: 0 }),
      {
        catalog: nowhere,
        cleanup: nowhere,
        scheduler: nowhere,
        webhooks: nowhere,
      },
      TEST_ENCRYPTION_KEYS,
    ),
  );
  const loads = [
    keepAliveLoad(`${gateway.url}/health/live`),
    keepAliveLoad(`${gateway.metricsUrl}/metrics`),
  ];
  for (const load of loads) await load.serving();
  const stopping = gateway.stop();
  const took = await durationOf(stopping, 5000);
  await Promise.all(loads.map((load) => load.end()));
  await stopping;

  expect(took).toBeLessThan(2000);
  for (const load of loads) {
    expect(load.outcomes.filter((o) => o.status !== undefined && !o.complete)).toEqual([]);
  }
  for (const url of [gateway.url, gateway.metricsUrl]) {
    expect((await get(new Agent(), `${url}/health/live`)).error).toMatch(/ECONNREFUSED/);
  }
}, 30_000);
