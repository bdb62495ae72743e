import { Writable } from 'node:stream';
import { createLogger, settingsConsumer, SettingsFollower } from '@mcs/kit';
import { settingsChanged, waitFor } from '@mcs/kit/testing';
import { messagingWorld, type MessagingWorld } from './world';

/** A service's projection of the general settings (docs/decisions/025). */
let world: MessagingWorld;
let stop: () => Promise<void>;
let follower: SettingsFollower<'auto_delete_movie_delay_days' | 'users_can_view_candidates'>;

const KEYS = ['auto_delete_movie_delay_days', 'users_can_view_candidates'] as const;
const PROJECTION = `CREATE TABLE settings_projection (
  id SMALLINT PRIMARY KEY CHECK (id = 1), version BIGINT NOT NULL, settings JSONB NOT NULL,
  applied_at TIMESTAMPTZ NOT NULL)`;

/** A follower with its consumer on the world's schema, as startService wires one. */
async function follow(waitMs: number, log = world.log) {
  const created = new SettingsFollower({
    schema: world.schema,
    keys: KEYS,
    pool: world.pool,
    log,
    waitMs,
  });
  const consumer = settingsConsumer(
    { service: world.schema, broker: world.broker, names: world.names, log },
    world.pool,
    created,
  );
  await consumer.start();
  return { follower: created, stop: () => consumer.stop() };
}

beforeAll(async () => {
  world = await messagingWorld();
  await world.pool.query(`SET search_path TO ${world.schema}; ${PROJECTION}`);
  ({ follower, stop } = await follow(0));
});
afterAll(async () => {
  await stop();
  await world.close();
});

const processed = async () =>
  (await world.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${world.schema}.inbox`))
    .rows[0]?.n ?? 0;

test('before any message the documented defaults apply, and only the followed keys are read', async () => {
  expect(await follower.current()).toEqual({
    auto_delete_movie_delay_days: 14,
    users_can_view_candidates: true,
  });
  expect(await follower.version()).toBe(0);
});

test('a newer version takes effect for the next read; an older one arriving late is ignored', async () => {
  await world.publisher.publish(
    'settings.changed',
    settingsChanged(3, { auto_delete_movie_delay_days: 3, users_can_view_candidates: false }),
  );
  await waitFor(async () => (await follower.current()).auto_delete_movie_delay_days === 3);
  const before = await processed();
  await world.publisher.publish(
    'settings.changed',
    settingsChanged(2, { auto_delete_movie_delay_days: 9 }),
  );
  await waitFor(async () => (await processed()) > before);
  expect(await follower.current()).toEqual({
    auto_delete_movie_delay_days: 3,
    users_can_view_candidates: false,
  });
  expect(await follower.version()).toBe(3);
  const { rows } = await world.pool.query<{ keys: string[] }>(
    `SELECT array(SELECT jsonb_object_keys(settings) ORDER BY 1) AS keys
     FROM ${world.schema}.settings_projection`,
  );
  expect(rows[0]?.keys).toEqual([...KEYS].sort());
});

test("a restarted service's first read waits for the owner's answer", async () => {
  await stop(); // the service stops; its queue keeps what comes meanwhile
  const restarted = await follow(10_000);
  stop = restarted.stop;
  const first = restarted.follower.current();
  // The owner answers the start-up request with its current version.
  await world.publisher.publish(
    'settings.changed',
    settingsChanged(4, { auto_delete_movie_delay_days: 5 }),
  );
  expect((await first).auto_delete_movie_delay_days).toBe(5);
});

test('without an answer the first read decides on the stored settings after the bound, and says so', async () => {
  const lines: string[] = [];
  const log = createLogger({
    service: 'kit-test',
    level: 'warn',
    destination: new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  await stop();
  const restarted = await follow(200, log);
  stop = restarted.stop;
  const started = Date.now();
  expect((await restarted.follower.current()).auto_delete_movie_delay_days).toBe(5);
  expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  expect(lines.join('')).toContain('"settingsVersion":4');
});
