import type { GeneralSettings } from '@mcs/contracts';
import { BrokerConnection, brokerNames, createLogger, Publisher } from '@mcs/kit';
import { publishSettings as publishTo, TEST_AMQP_URL, waitFor } from '@mcs/kit/testing';
import { GatewayWorld, standInService, type Session } from './support/gateway';

/**
 * The general settings the gateway follows (docs/decisions/025): Candidates-page access in
 * GET /api/auth/me and the optional release check behind GET /update-status.
 */
let world: GatewayWorld;
let broker: BrokerConnection;
let publisher: Publisher;
let admin: Session;
let alice: Session;
let releases: Awaited<ReturnType<typeof standInService>>;
/** What the fake release source answers next, and the requests it got. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
const requests: { userAgent: string | undefined }[] = [];

beforeAll(async () => {
  releases = await standInService((req, res) => {
    requests.push({ userAgent: req.headers['user-agent'] });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  world = await GatewayWorld.start({ updateCheckUrl: `${releases.url}/releases/latest` });
  admin = await world.setup();
  alice = await world.userSession(admin, 'alice');
  const log = createLogger({ service: 'test', level: 'silent' });
  broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
  publisher = new Publisher(broker, brokerNames(world.env.namespace), log);
  await publisher.start();
});
afterAll(async () => {
  await broker.close();
  await world.stop();
  await releases.close();
});

let version = 1;
/** settings.changed, newer than the last, through the gateway's outbox, once handled. */
async function publishSettings(changes: Partial<GeneralSettings>): Promise<void> {
  const [gateway] = world.replicas;
  if (!gateway) throw new Error('no gateway');
  await publishTo(gateway.runtime, ++version, changes);
}

let runId = 100;
/** One weekly_house_keeping run of the gateway, to its completion report. */
async function housekeeping(): Promise<Record<string, unknown>> {
  const run = ++runId;
  await publisher.publish('task.run.weekly_house_keeping', {
    run_id: run,
    task_id: 'weekly_house_keeping',
    trigger: 'schedule',
    requested_by: null,
  });
  const completed = await waitFor(
    async () =>
      (await world.db.outboxMessage.findMany({ where: { routingKey: 'task.run_completed' } })).find(
        (row) => (row.payload as { run_id: number }).run_id === run,
      ),
    { what: `housekeeping run ${run}` },
  );
  return completed.payload as Record<string, unknown>;
}

const permissions = async (session: Session) =>
  (await world.request('GET', '/api/auth/me', { session })).body.permissions;

test('a user has Candidates-page access while users_can_view_candidates is on (the default) and loses it once settings.changed turns it off; an admin keeps it', async () => {
  expect(await permissions(alice)).toEqual({ candidates_page: true, manage: false });
  await publishSettings({ users_can_view_candidates: false });
  expect(await permissions(alice)).toEqual({ candidates_page: false, manage: false });
  expect(await permissions(admin)).toEqual({ candidates_page: true, manage: true });
  await publishSettings({ users_can_view_candidates: true });
  expect(await permissions(alice)).toEqual({ candidates_page: true, manage: false });
});

test('with update_check_enabled off (the default), housekeeping connects nowhere and /update-status reports no check', async () => {
  answer = { status: 200, body: JSON.stringify({ tag_name: 'v99.0.0', html_url: 'http://x/' }) };
  const run = await housekeeping();
  expect(run.summary).toMatchObject({ releases_checked: 0 });
  expect(requests).toHaveLength(0);
  const version = (await world.request('GET', '/version')).body.version;
  expect((await world.request('GET', '/update-status')).body).toEqual({
    current_version: version,
    latest_version: null,
    update_available: null,
    checked_at: null,
    check_enabled: false,
    release_url: null,
  });
});

test('once settings.changed turns update_check_enabled on, housekeeping reads UPDATE_CHECK_URL and /update-status reports the newer release; a failed check keeps the last result', async () => {
  await publishSettings({ update_check_enabled: true });
  const before = await world.request('GET', '/update-status');
  expect(before.body).toMatchObject({
    check_enabled: true,
    latest_version: null,
    checked_at: null,
  });

  answer = {
    status: 200,
    body: JSON.stringify({ tag_name: 'v99.1.0', html_url: 'https://example.test/releases/99.1.0' }),
  };
  const started = Date.now();
  expect((await housekeeping()).summary).toMatchObject({ releases_checked: 1 });
  expect(requests).toHaveLength(1);
  expect(requests[0]?.userAgent).toMatch(/^MediaCleanupService\//);
  const status = (await world.request('GET', '/update-status')).body;
  expect(status).toMatchObject({
    latest_version: '99.1.0',
    update_available: true,
    check_enabled: true,
    release_url: 'https://example.test/releases/99.1.0',
  });
  expect(Date.parse(status.checked_at as string)).toBeGreaterThanOrEqual(started - 1000);

  // An answer past the size cap, an error status, or one naming no version: nothing changes.
  for (const failing of [
    { status: 200, body: JSON.stringify({ tag_name: 'v100.0.0', padding: 'x'.repeat(1_100_000) }) },
    { status: 503, body: '{}' },
    { status: 200, body: JSON.stringify({ tag_name: 'latest' }) },
  ]) {
    answer = failing;
    expect((await housekeeping()).summary).toMatchObject({ releases_checked: 0 });
    expect((await world.request('GET', '/update-status')).body).toEqual(status);
  }

  // The running version itself: no update.
  const current = (await world.request('GET', '/version')).body.version as string;
  answer = { status: 200, body: JSON.stringify({ tag_name: `v${current}` }) };
  await housekeeping();
  expect((await world.request('GET', '/update-status')).body).toMatchObject({
    latest_version: current,
    update_available: false,
    release_url: null,
  });

  // Turned off again: the stored result is not reported, and the next run connects nowhere.
  await publishSettings({ update_check_enabled: false });
  const calls = requests.length;
  await housekeeping();
  expect(requests).toHaveLength(calls);
  expect((await world.request('GET', '/update-status')).body).toMatchObject({
    check_enabled: false,
    latest_version: null,
    update_available: null,
    checked_at: null,
    release_url: null,
  });
});
