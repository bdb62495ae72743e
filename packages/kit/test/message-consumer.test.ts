import type { MessageName } from '@mcs/contracts';
import {
  messageConsumer,
  type ConsumerHost,
  type MessageConsumerOptions,
  type SqlClient,
} from '@mcs/kit';
import { deadLetters, publishUnchecked, waitFor } from '@mcs/kit/testing';
import { messagingWorld, type MessagingWorld } from './world';

let world: MessagingWorld;
let host: ConsumerHost;
const consumers: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  world = await messagingWorld();
  host = { service: 'kit', broker: world.broker, names: world.names, log: world.log };
  await world.pool.query(`CREATE TABLE ${world.schema}.effects (what text NOT NULL)`);
});
beforeEach(() => world.pool.query(`TRUNCATE ${world.schema}.effects, ${world.schema}.inbox`));
afterEach(async () => {
  // Each test binds a fresh queue to the same routing keys; stop the previous test's consumer.
  for (const consumer of consumers.splice(0)) await consumer.stop();
});
afterAll(() => world.close());

async function effects(): Promise<string[]> {
  const { rows } = await world.pool.query<{ what: string }>(
    `SELECT what FROM ${world.schema}.effects ORDER BY what`,
  );
  return rows.map((row) => row.what);
}

const record = (tx: SqlClient, what: string) =>
  tx.$executeRawUnsafe(`INSERT INTO ${world.schema}.effects (what) VALUES ($1)`, what);

let next = 0;

/** A consumer on a queue of its own in the test's schema, started. */
async function startConsumer<K extends MessageName, R>(
  options: Omit<MessageConsumerOptions<SqlClient, K, R>, 'name' | 'db' | 'schema'>,
) {
  next += 1;
  const consumer = messageConsumer(host, {
    name: `handlers${next}`,
    db: world.db,
    schema: world.schema,
    ...options,
  });
  await consumer.start();
  consumers.push(consumer);
  return consumer;
}

test('each handler gets the message of its own name, typed by it, in a transaction with its inbox record', async () => {
  const consumer = await startConsumer({
    // prefetch 1: deliveries are handled in order, so the last one's effect means all are in.
    prefetch: 1,
    handlers: {
      'gateway.api_token_revoked': async (message, tx) => {
        // @ts-expect-error: this handler's payload is a revoked token's, not a report command's
        void message.payload.requested_by_service;
        await record(tx, `token ${message.payload.token_id}`);
      },
      'catalog.main_server.report': async (message, tx) => {
        await record(tx, `report for ${message.payload.requested_by_service}`);
      },
    },
  });
  await world.publisher.publish('gateway.api_token_revoked', {
    token_id: 1,
    prefix: 'abcdef012345',
  });
  await world.publisher.publish('catalog.main_server.report', {
    requested_by_service: 'scheduler',
  });
  await waitFor(async () => (await effects()).length === 2, { what: 'both effects' });
  expect(await effects()).toEqual(['report for scheduler', 'token 1']);
  const { rows } = await world.pool.query(`SELECT consumer FROM ${world.schema}.inbox`);
  expect(rows).toEqual([{ consumer: consumer.queue }, { consumer: consumer.queue }]);
});

test('the queue binds the names of the map and nothing else', async () => {
  const consumer = await startConsumer({
    prefetch: 1,
    handlers: {
      'catalog.main_server.report': async (message, tx) => {
        await record(tx, message.payload.requested_by_service);
      },
    },
  });
  await world.publisher.publish('gateway.api_token_revoked', {
    token_id: 2,
    prefix: 'abcdef012345',
  });
  await world.publisher.publish('catalog.main_server.report', { requested_by_service: 'cleanup' });
  await waitFor(async () => (await effects()).length === 1, { what: 'the bound message' });
  // Published first on the same channel and handled in order (prefetch 1): had it been routed
  // here, it would have been dead-lettered as unexpected before the bound one took effect.
  expect(await effects()).toEqual(['cleanup']);
  expect(await deadLetters(consumer.queue)).toEqual([]);
  const { rows } = await world.pool.query(`SELECT count(*)::int AS n FROM ${world.schema}.inbox`);
  expect(rows).toEqual([{ n: 1 }]);
});

test('a message that breaks its contract is dead-lettered without reaching its handler', async () => {
  let calls = 0;
  const consumer = await startConsumer({
    handlers: {
      'gateway.api_token_revoked': () => {
        calls += 1;
        return Promise.resolve();
      },
    },
  });
  await publishUnchecked(
    world.names.exchange('events'),
    'gateway.api_token_revoked',
    '{"token_id":"seven"}',
    '5a3b1c2d-0000-4000-8000-000000000001',
  );
  const dead = await waitFor(async () => {
    const bodies = await deadLetters(consumer.queue);
    return bodies.length > 0 && bodies;
  });
  expect(dead).toEqual(['{"token_id":"seven"}']);
  expect(calls).toBe(0);
});

test('a handler that keeps failing is retried, then dead-lettered, its effects rolled back', async () => {
  let calls = 0;
  const consumer = await startConsumer({
    maxAttempts: 2,
    retryDelayMs: 5,
    handlers: {
      'gateway.api_token_revoked': async (message, tx) => {
        calls += 1;
        await record(tx, `token ${message.payload.token_id}`);
        throw new Error('dependency down');
      },
    },
  });
  await world.publisher.publish('gateway.api_token_revoked', {
    token_id: 3,
    prefix: 'abcdef012345',
  });
  await waitFor(async () => (await deadLetters(consumer.queue)).length === 1, {
    what: 'the dead letter',
  });
  expect(calls).toBe(2);
  expect(await effects()).toEqual([]);
});

test('afterCommit gets what the handler returned once it committed, and never for a duplicate', async () => {
  const seen: { result: string; committed: string[] }[] = [];
  await startConsumer({
    prefetch: 1,
    handlers: {
      'gateway.api_token_revoked': async (message, tx) => {
        await record(tx, `token ${message.payload.token_id}`);
        return `revoked ${message.payload.token_id}`;
      },
      'catalog.main_server.report': async (message, tx) => {
        await record(tx, `report for ${message.payload.requested_by_service}`);
        return 'reported';
      },
    },
    // Read from another connection: only a committed effect is visible there.
    afterCommit: async (result) => {
      seen.push({ result, committed: await effects() });
    },
  });
  const messageId = '5a3b1c2d-0000-4000-8000-000000000004';
  const revoked = { token_id: 4, prefix: 'abcdef012345' };
  await world.publisher.publish('gateway.api_token_revoked', revoked, { messageId });
  await world.publisher.publish('gateway.api_token_revoked', revoked, { messageId });
  await world.publisher.publish('catalog.main_server.report', { requested_by_service: 'cleanup' });
  await waitFor(() => seen.length === 2, { what: 'the message after the duplicate' });
  expect(seen).toEqual([
    { result: 'revoked 4', committed: ['token 4'] },
    { result: 'reported', committed: ['report for cleanup', 'token 4'] },
  ]);
});
