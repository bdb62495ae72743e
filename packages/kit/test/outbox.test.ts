import { randomUUID } from 'node:crypto';
import { Outbox, OutboxRelay } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { dropConnection, messagingWorld, recordDeliveries, type MessagingWorld } from './world';

const NAME = 'gateway.api_token_revoked';
const payload = (n: number) => ({ token_id: n, prefix: 'abcdef012345' });

let world: MessagingWorld;
let outbox: Outbox;

beforeAll(async () => {
  world = await messagingWorld();
  outbox = new Outbox(world.schema);
  await world.pool.query(
    `CREATE TABLE ${world.schema}.widgets (id serial PRIMARY KEY, name text NOT NULL)`,
  );
});
afterAll(() => world.close());
beforeEach(() => world.pool.query(`TRUNCATE ${world.schema}.outbox, ${world.schema}.widgets`));

const relay = (overrides: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) =>
  new OutboxRelay({
    pool: world.pool,
    schema: world.schema,
    publisher: world.publisher,
    log: world.log,
    ...overrides,
  });

async function count(table: string, where = 'true'): Promise<number> {
  const { rows } = await world.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${world.schema}.${table} WHERE ${where}`,
  );
  return Number(rows[0]?.n);
}

async function addMessages(n: number): Promise<string[]> {
  return world.db.$transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) ids.push((await outbox.add(tx, NAME, payload(i + 1))).messageId);
    return ids;
  });
}

test('a state change and its outbox row commit together, or neither is kept', async () => {
  await expect(
    world.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO ${world.schema}.widgets (name) VALUES ('lost')`);
      await outbox.add(tx, NAME, payload(1));
      throw new Error('the change fails after writing both');
    }),
  ).rejects.toThrow('the change fails');
  expect(await count('widgets')).toBe(0);
  expect(await count('outbox')).toBe(0);

  await world.db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`INSERT INTO ${world.schema}.widgets (name) VALUES ('kept')`);
    await outbox.add(tx, NAME, payload(2));
  });
  expect(await count('widgets')).toBe(1);
  expect(await count('outbox', 'published_at IS NULL')).toBe(1);
});

test('an invalid payload is refused before anything is written', async () => {
  await expect(
    world.db.$transaction((tx) => outbox.add(tx, NAME, { token_id: 'nope' } as never)),
  ).rejects.toThrow(/does not match its contract/);
  expect(await count('outbox')).toBe(0);
});

test('the relay publishes committed rows with their headers and marks them sent', async () => {
  const deliveries = await recordDeliveries(world, [NAME]);
  const [id] = await addMessages(1);
  expect(await relay().relayOnce()).toBe(1);
  await waitFor(() => deliveries.ids.length === 1, { what: 'the delivery' });
  expect(deliveries.ids).toEqual([id]);
  expect(await count('outbox', 'published_at IS NOT NULL')).toBe(1);
  expect(await relay().relayOnce()).toBe(0);
  await deliveries.close();
});

test('a relay that dies after publishing and before marking leads to a republish, not a loss', async () => {
  const deliveries = await recordDeliveries(world, [NAME]);
  const [id] = await addMessages(1);
  const dying = relay({
    afterPublish: () => Promise.reject(new Error('killed between publish and mark')),
  });
  await expect(dying.relayOnce()).rejects.toThrow('killed');
  expect(await count('outbox', 'published_at IS NULL')).toBe(1);
  expect(await relay().relayOnce()).toBe(1);
  await waitFor(() => deliveries.ids.length === 2, { what: 'the duplicate delivery' });
  expect(deliveries.ids).toEqual([id, id]);
  await deliveries.close();
});

test('PostgreSQL ending the connection a batch holds fails that batch, not the process', async () => {
  const deliveries = await recordDeliveries(world, [NAME]);
  const [id] = await addMessages(1);
  // Between publish and mark, the server ends the relay's connection (a restart, an admin):
  // pg reports it as an 'error' event on the held client, which would crash the process.
  const cut = relay({
    afterPublish: async () => {
      const { rows } = await world.pool.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'idle in transaction'`,
      );
      for (const { pid } of rows) await world.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await waitFor(
        async () =>
          (
            await world.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1)', [
              rows.map((row) => row.pid),
            ])
          ).rowCount === 0,
        { what: 'the relay connection ended' },
      );
    },
  });
  await expect(cut.relayOnce()).rejects.toThrow();
  // Published but not marked: the next batch publishes it again (at least once), nothing lost.
  expect(await count('outbox', 'published_at IS NULL')).toBe(1);
  expect(await relay().relayOnce()).toBe(1);
  await waitFor(() => deliveries.ids.length === 2, { what: 'the second delivery' });
  expect(deliveries.ids).toEqual([id, id]);
  await deliveries.close();
});

test('two relays working the same outbox never publish the same row', async () => {
  const deliveries = await recordDeliveries(world, [NAME]);
  const ids = [...(await addMessages(300)), ...(await addMessages(300))];
  const second = await world.replica();
  const relays = [relay({ batchSize: 25 }), relay({ batchSize: 25, publisher: second.publisher })];
  const drain = async (r: OutboxRelay) => {
    while ((await r.relayOnce()) > 0);
  };
  await Promise.all(relays.map(drain));
  await waitFor(() => deliveries.ids.length >= ids.length, { what: 'every delivery' });
  expect(new Set(deliveries.ids).size).toBe(deliveries.ids.length);
  expect([...deliveries.ids].sort()).toEqual([...ids].sort());
  expect(await count('outbox', 'published_at IS NULL')).toBe(0);
  await deliveries.close();
});

test('publishing survives a dropped broker connection with nothing lost', async () => {
  const deliveries = await recordDeliveries(world, [NAME]);
  const running = relay({ pollIntervalMs: 20 });
  running.start();
  const before = await addMessages(50);
  await waitFor(() => deliveries.ids.length >= 10, { what: 'the first deliveries' });
  dropConnection(world.broker);
  const after = await addMessages(50);
  await waitFor(async () => (await count('outbox', 'published_at IS NULL')) === 0, {
    timeoutMs: 20000,
    what: 'the outbox to drain after reconnecting',
  });
  await running.stop();
  await waitFor(() => [...before, ...after].every((id) => deliveries.ids.includes(id)), {
    what: 'every message to arrive',
  });
  await deliveries.close();
});

test('an outbox message keeps the correlation id and time it was written with', async () => {
  const deliveries = await recordDeliveries(world, [NAME]);
  const occurredAt = new Date('2026-03-01T12:00:00.000Z');
  const correlationId = randomUUID();
  await world.db.$transaction((tx) =>
    outbox.add(tx, NAME, payload(9), { correlationId, occurredAt }),
  );
  await relay().relayOnce();
  await waitFor(() => deliveries.ids.length === 1);
  const { rows } = await world.pool.query(
    `SELECT correlation_id, occurred_at FROM ${world.schema}.outbox`,
  );
  expect(rows[0]).toEqual({ correlation_id: correlationId, occurred_at: occurredAt });
  await deliveries.close();
});

test('a commit wakes an idle relay at once (NOTIFY on commit), without waiting for its poll', async () => {
  const deliveries = await recordDeliveries(world, [NAME]);
  const idle = relay({ pollIntervalMs: 60_000 });
  idle.start();
  try {
    // Listening, the relay hears the commit; its next poll would come only after 60 s.
    await idle.ready();
    const [id] = await addMessages(1);
    await waitFor(() => deliveries.ids.includes(id as string), {
      timeoutMs: 5000,
      what: 'the relay to wake',
    });
  } finally {
    await idle.stop();
    await deliveries.close();
  }
});

test('a rolled-back transaction publishes nothing, and a later commit still wakes the relay', async () => {
  const deliveries = await recordDeliveries(world, [NAME]);
  const idle = relay({ pollIntervalMs: 60_000 });
  idle.start();
  try {
    await idle.ready();
    await expect(
      world.db.$transaction(async (tx) => {
        await outbox.add(tx, NAME, payload(77));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [id] = await addMessages(1);
    await waitFor(() => deliveries.ids.includes(id as string), { timeoutMs: 5000 });
    expect(deliveries.ids).toEqual([id]);
  } finally {
    await idle.stop();
    await deliveries.close();
  }
});
