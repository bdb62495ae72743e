import { Pool } from 'pg';
import { createLogger, PgListener } from '@mcs/kit';
import { createTestEnv, type TestEnv, waitFor } from '@mcs/kit/testing';

const CHANNEL = 'kit_test_answers';

let env: TestEnv;
let pool: Pool;
let listener: PgListener;

beforeAll(async () => {
  env = await createTestEnv();
  pool = new Pool({ connectionString: env.databaseUrl, max: 4 });
  await pool.query('CREATE TABLE answers (id integer PRIMARY KEY, value text NOT NULL)');
  const log = createLogger({ service: 'kit-test', level: 'silent' });
  listener = new PgListener({ url: env.databaseUrl, channels: [CHANNEL], log, retryMs: 50 });
  listener.start();
  await listener.ready();
});
afterAll(async () => {
  await listener.stop();
  await pool.end();
  await env.cleanup();
});

/** A look at one answer's row that counts how often it is made. */
function looking(id: number) {
  const probe = {
    looks: 0,
    check: async () => {
      probe.looks += 1;
      const { rows } = await pool.query<{ value: string }>(
        'SELECT value FROM answers WHERE id = $1',
        [id],
      );
      return rows[0]?.value ?? null;
    },
  };
  return probe;
}

const answerAndNotify = (id: number, value: string) =>
  pool.query(
    `BEGIN; INSERT INTO answers VALUES (${id}, '${value}'); SELECT pg_notify('${CHANNEL}', ''); COMMIT`,
  );

test('a waiter looks once, then again only when a committed notification wakes it', async () => {
  const wakeup = listener.wakeup(CHANNEL);
  const probe = looking(1);
  const waiting = wakeup.until(probe.check, Date.now() + 60_000);
  await waitFor(() => probe.looks === 1, { what: 'the first look' });
  await answerAndNotify(1, 'yes');
  expect(await waiting).toBe('yes');
  expect(probe.looks).toBe(2);
  wakeup.close();
});

test('a waiter nobody wakes gets null at its deadline, having looked once', async () => {
  const wakeup = listener.wakeup(CHANNEL);
  const probe = looking(2);
  expect(await wakeup.until(probe.check, Date.now() + 300)).toBeNull();
  expect(probe.looks).toBe(1);
  wakeup.close();
});

test('after losing its connection it listens again and wakes every waiter to look again', async () => {
  const wakeup = listener.wakeup(CHANNEL);
  const probe = looking(3);
  const waiting = wakeup.until(probe.check, Date.now() + 60_000);
  await waitFor(() => probe.looks === 1, { what: 'the first look' });
  // An answer whose notification the waiter never hears, then the listener's connection dies.
  await pool.query(`INSERT INTO answers VALUES (3, 'unheard')`);
  await pool.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
  );
  expect(await waiting).toBe('unheard');
  wakeup.close();

  // Listening again: a notification wakes the next waiter.
  const next = listener.wakeup(CHANNEL);
  const again = looking(4);
  const waitingAgain = next.until(again.check, Date.now() + 60_000);
  await waitFor(() => again.looks >= 1, { what: 'the first look' });
  await answerAndNotify(4, 'heard');
  expect(await waitingAgain).toBe('heard');
  next.close();
});

test('a channel it does not listen on cannot be waited for', () => {
  expect(() => listener.wakeup('elsewhere')).toThrow('not listening on elsewhere');
});
