import { GatewayWorld, standInService, type Session } from './support/gateway';

/**
 * gateway_processing_seconds on /metrics: what the gateway itself spends on an /api/v1
 * request. A scheduler that takes its time to answer must not show up as gateway time — that
 * is the whole point of the metric (is the gateway slow, or the service behind it?).
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

async function processing(): Promise<{ count: number; sum: number }> {
  const text = await (await fetch(`${world.url}/metrics`)).text();
  const read = (name: string) =>
    Number(
      new RegExp(`^gateway_processing_seconds_${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(
        text,
      )?.[1],
    );
  return { count: read('count'), sum: read('sum') };
}

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
  const text = async () => (await fetch(`${world.url}/metrics`)).text();
  const count = (body: string, route: string) =>
    Number(
      new RegExp(
        `^http_request_duration_seconds_count\\{[^}]*method="GET",route="${route}",status="\\d+"\\} (\\d+)$`,
        'm',
      ).exec(body)?.[1] ?? 0,
    );
  const before = await text();
  // Labelled once matched, so a refused request counts under its route too.
  expect((await world.request('GET', '/api/v1/tasks/sync_media')).status).toBe(401);
  expect((await world.request('GET', '/api/auth/me', { session: admin })).status).toBe(200);
  const after = await text();
  // One series per operation, whatever the id: the template keeps label cardinality bounded.
  expect(
    count(after, '/api/v1/tasks/\\{task_id\\}') - count(before, '/api/v1/tasks/\\{task_id\\}'),
  ).toBe(1);
  expect(count(after, '/api/auth/me') - count(before, '/api/auth/me')).toBe(1);
});
