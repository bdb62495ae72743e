import { loadConfig } from '../src/config';
import {
  GATEWAY_ENV,
  expectProblem,
  GatewayWorld,
  standInService,
  type Session,
} from './support/gateway';

/**
 * /metrics answers on the metrics port only (METRICS_PORT), never on the public one. There,
 * gateway_processing_seconds: what the gateway itself spends on an /api/v1 request. A
 * scheduler that takes its time to answer must not show up as gateway time — that is the
 * whole point of the metric (is the gateway slow, or the service behind it?).
 */
const HOLD_MS = 400;
let scheduler: { url: string; close: () => Promise<void> };
let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  scheduler = await standInService((_req, res) => {
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ items: [], has_main_server: false }));
    }, HOLD_MS);
  });
  world = await GatewayWorld.start({}, { scheduler: scheduler.url });
  admin = await world.setup();
});
afterAll(async () => {
  await world.stop();
  await scheduler.close();
});

/** The metrics text, from the metrics port. */
async function scrape(): Promise<string> {
  return (await fetch(`${world.replicas[0]?.metricsUrl}/metrics`)).text();
}

async function processing(): Promise<{ count: number; sum: number }> {
  const text = await scrape();
  const read = (name: string) =>
    Number(
      new RegExp(`^gateway_processing_seconds_${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(
        text,
      )?.[1],
    );
  return { count: read('count'), sum: read('sum') };
}

test('GET /metrics on the public port is a 404 problem; the metrics port serves Prometheus text', async () => {
  expectProblem(await world.request('GET', '/metrics'), 404, 'not_found');

  const metrics = await fetch(`${world.replicas[0]?.metricsUrl}/metrics`);
  expect(metrics.status).toBe(200);
  expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(await metrics.text()).toMatch(/^process_cpu_seconds_total\{[^}]*service="gateway"/m);
  // Nothing but /metrics there: the operators' port does not become a second way in.
  const api = await fetch(`${world.replicas[0]?.metricsUrl}/api/v1/tasks`);
  expect(api.status).toBe(404);
  expect(api.headers.get('content-type')).toMatch(/^application\/problem\+json/);
});

test('METRICS_PORT is 9100 unless set', () => {
  expect(loadConfig({ ...GATEWAY_ENV }).runtime).toMatchObject({ port: 8000, metricsPort: 9100 });
  expect(loadConfig({ ...GATEWAY_ENV, METRICS_PORT: '9200' }).runtime.metricsPort).toBe(9200);
});

test('each /api/v1 request is observed once, without the time the owning service took', async () => {
  const { token } = await world.token(admin, ['tasks:read']);
  await world.request('GET', '/api/v1/tasks', { token }); // compiles the route's validators
  const before = await processing();
  const started = performance.now();
  const reply = await world.request('GET', '/api/v1/tasks', { token });
  const elapsed = performance.now() - started;
  const after = await processing();

  expect(reply.status).toBe(200);
  expect(elapsed).toBeGreaterThanOrEqual(HOLD_MS);
  expect(after.count - before.count).toBe(1);
  // The request took at least HOLD_MS; the gateway's share is a small part of it.
  expect((after.sum - before.sum) * 1000).toBeLessThan(HOLD_MS / 2);
});

test('refused requests are observed too (an unauthenticated call is gateway time only)', async () => {
  const before = await processing();
  const reply = await world.request('GET', '/api/v1/tasks');
  expect(reply.status).toBe(401);
  const after = await processing();
  expect(after.count - before.count).toBe(1);
});

test('request durations are labelled with the contract route template, not "unmatched"', async () => {
  const count = (body: string, route: string) =>
    Number(
      new RegExp(
        `^http_request_duration_seconds_count\\{[^}]*method="GET",route="${route}",status="\\d+"\\} (\\d+)$`,
        'm',
      ).exec(body)?.[1] ?? 0,
    );
  const before = await scrape();
  // Labelled once matched, so a refused request counts under its route too.
  expect((await world.request('GET', '/api/v1/tasks/sync_media')).status).toBe(401);
  expect((await world.request('GET', '/api/auth/me', { session: admin })).status).toBe(200);
  const after = await scrape();
  // One series per operation, whatever the id: the template keeps label cardinality bounded.
  expect(
    count(after, '/api/v1/tasks/\\{task_id\\}') - count(before, '/api/v1/tasks/\\{task_id\\}'),
  ).toBe(1);
  expect(count(after, '/api/auth/me') - count(before, '/api/auth/me')).toBe(1);
});
