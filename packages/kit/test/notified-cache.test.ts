import { Pool } from 'pg';
import { createLogger, NotifiedCache, PgListener } from '@mcs/kit';
import { createTestEnv, type TestEnv, waitFor } from '@mcs/kit/testing';

const CHANNEL = 'kit_test_facts';

let env: TestEnv;
let pool: Pool;
const log = createLogger({ service: 'kit-test', level: 'silent' });
/** Each test's listeners, stopped after it whatever its outcome. */
const started: PgListener[] = [];

beforeAll(async () => {
  env = await createTestEnv();
  pool = new Pool({ connectionString: env.databaseUrl, max: 4 });
  await pool.query(`CREATE TABLE facts (id integer PRIMARY KEY, value text NOT NULL);
                    INSERT INTO facts VALUES (1, 'first')`);
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((listener) => listener.stop()));
});
afterAll(async () => {
  await pool.end();
  await env.cleanup();
});

/** A listener on its own connection; it listens again after `retryMs` when that is lost. */
async function listening(retryMs: number): Promise<PgListener> {
  const listener = new PgListener({ url: env.databaseUrl, channels: [CHANNEL], log, retryMs });
  started.push(listener);
  listener.start();
  await listener.ready();
  expect(listener.listening).toBe(true);
  return listener;
}

/** A cache of the fact's value that counts its reads of the table. */
function cacheOn(listener: PgListener, maxAgeMs = 60_000) {
  const reads = { count: 0, fail: false };
  const cache = new NotifiedCache({
    listener,
    channel: CHANNEL,
    maxAgeMs,
    read: async () => {
      reads.count += 1;
      if (reads.fail) throw new Error('the read failed');
      const { rows } = await pool.query<{ value: string }>('SELECT value FROM facts WHERE id = 1');
      return rows[0]?.value;
    },
  });
  return { cache, reads };
}

/** Commits a new value, and its notification when `notify` (as a table's trigger would). */
const write = (value: string, notify = true) =>
  pool.query(
    `BEGIN; UPDATE facts SET value = '${value}' WHERE id = 1;
     ${notify ? `SELECT pg_notify('${CHANNEL}', '');` : ''} COMMIT`,
  );

const killListener = () =>
  pool.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN "${CHANNEL}"'`,
  );

test('calls share one read and keep its value until a committed notification, then read again', async () => {
  // Written before anyone listens: no notification of it can arrive after the first read.
  await write('kept');
  const listener = await listening(50);
  const { cache, reads } = cacheOn(listener);
  expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([
    'kept',
    'kept',
    'kept',
  ]);
  expect(reads.count).toBe(1);

  // A commit that does not notify is not seen: the value is kept (the trigger is the contract).
  await write('unannounced', false);
  expect(await cache.get()).toBe('kept');
  expect(reads.count).toBe(1);

  await write('announced');
  await waitFor(async () => (await cache.get()) === 'announced', { what: 'the new value' });
  const after = reads.count;
  expect(await cache.get()).toBe('announced');
  expect(reads.count).toBe(after);
});

test('a failed read is not kept: the next call reads again', async () => {
  const listener = await listening(50);
  const { cache, reads } = cacheOn(listener);
  reads.fail = true;
  await expect(cache.get()).rejects.toThrow('the read failed');
  reads.fail = false;
  await write('after the failure');
  expect(await cache.get()).toBe('after the failure');
  expect(reads.count).toBe(2);
});

test('while the listener is down nothing is kept, and after it listens again the value is read anew', async () => {
  // It stays down for the first part: it listens again only after 1 s.
  await write('before', false);
  const listener = await listening(1000);
  const { cache, reads } = cacheOn(listener);
  expect(await cache.get()).toBe('before');

  await killListener();
  await waitFor(() => !listener.listening, { what: 'the listener to notice' });
  // Notifications are not heard now: every call reads.
  await write('while down', false);
  expect(await cache.get()).toBe('while down');
  await write('still down', false);
  expect(await cache.get()).toBe('still down');

  // Listening again drops what was kept before the loss.
  await waitFor(() => listener.listening, { what: 'the listener to listen again' });
  await write('after', false);
  const count = reads.count;
  expect(await cache.get()).toBe('after');
  expect(await cache.get()).toBe('after');
  expect(reads.count).toBe(count + 1);
});

test('nothing is kept longer than its maximum age, even when no notification comes', async () => {
  await write('old', false);
  const listener = await listening(50);
  const { cache, reads } = cacheOn(listener, 1000);
  expect(await cache.get()).toBe('old');
  await write('unannounced', false);
  expect(await cache.get()).toBe('old');
  await waitFor(async () => (await cache.get()) === 'unannounced', { what: 'the age bound' });
  expect(reads.count).toBeGreaterThanOrEqual(2);
});
