import { connect } from 'amqplib';
import {
  Consumer,
  UnprocessableMessage,
  Outbox,
  OutboxRelay,
  type SqlClient,
  type ReceivedMessage,
} from '@mcs/kit';
import { deadLetters, publishUnchecked, TEST_AMQP_URL, waitFor } from '@mcs/kit/testing';
import { messagingWorld, type MessagingWorld } from './world';

const NAME = 'gateway.api_token_revoked';
type Name = typeof NAME;

let world: MessagingWorld;
const consumers: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  world = await messagingWorld();
  await world.pool.query(`CREATE TABLE ${world.schema}.effects (token_id int NOT NULL)`);
});
afterEach(async () => {
  // Every test binds a fresh queue to the same routing key; stop the previous test's consumer.
  for (const consumer of consumers.splice(0)) await consumer.stop();
});
afterAll(() => world.close());

let next = 0;
async function startConsumer(
  handler: (message: ReceivedMessage<Name>, tx: SqlClient) => Promise<void>,
  options: { maxAttempts?: number; prefetch?: number } = {},
) {
  next += 1;
  const consumer = new Consumer(world.broker, world.names, world.log, {
    service: 'kit',
    name: `consumer${next}`,
    messages: [NAME],
    db: world.db,
    schema: world.schema,
    handler,
    retryDelayMs: 5,
    ...options,
  });
  await consumer.start();
  consumers.push(consumer);
  return consumer;
}

async function effects(): Promise<number[]> {
  const { rows } = await world.pool.query<{ token_id: number }>(
    `SELECT token_id FROM ${world.schema}.effects ORDER BY token_id`,
  );
  return rows.map((row) => row.token_id);
}

const recordEffect = async (message: ReceivedMessage<Name>, tx: SqlClient) => {
  await tx.$executeRawUnsafe(
    `INSERT INTO ${world.schema}.effects (token_id) VALUES ($1)`,
    message.payload.token_id,
  );
};

beforeEach(() =>
  world.pool.query(
    `TRUNCATE ${world.schema}.effects, ${world.schema}.outbox, ${world.schema}.inbox`,
  ),
);

test('a message is handled once and its effect is committed with its inbox record', async () => {
  const consumer = await startConsumer(recordEffect);
  await world.publisher.publish(NAME, { token_id: 1, prefix: 'abcdef012345' });
  await waitFor(async () => (await effects()).length === 1, { what: 'the effect' });
  const { rows } = await world.pool.query(`SELECT consumer FROM ${world.schema}.inbox`);
  expect(rows).toEqual([{ consumer: consumer.queue }]);
});

test('a duplicate left by a relay that died before marking is dropped by the inbox', async () => {
  const handled: number[] = [];
  // prefetch 1: deliveries are handled strictly in order, so once the sentinel published after
  // both copies has taken effect, both copies have been through the consumer.
  await startConsumer(
    async (message, tx) => {
      handled.push(message.payload.token_id);
      await recordEffect(message, tx);
    },
    { prefetch: 1 },
  );
  const outbox = new Outbox(world.schema);
  await world.db.$transaction((tx) =>
    outbox.add(tx, NAME, { token_id: 2, prefix: 'abcdef012345' }),
  );
  const relay = (afterPublish?: () => Promise<void>) =>
    new OutboxRelay({
      pool: world.pool,
      schema: world.schema,
      publisher: world.publisher,
      log: world.log,
      afterPublish,
    });
  await expect(relay(() => Promise.reject(new Error('killed'))).relayOnce()).rejects.toThrow(
    'killed',
  );
  expect(await relay().relayOnce()).toBe(1);
  await world.publisher.publish(NAME, { token_id: 5, prefix: 'abcdef012345' });
  await waitFor(async () => (await effects()).includes(5), { what: 'the sentinel' });
  expect(handled).toEqual([2, 5]);
  expect(await effects()).toEqual([2, 5]);
});

test('a message whose handler keeps failing goes to the dead-letter queue after the configured attempts', async () => {
  let calls = 0;
  const consumer = await startConsumer(
    async (message, tx) => {
      calls += 1;
      await recordEffect(message, tx); // rolled back with the failure below
      throw new Error('dependency down');
    },
    { maxAttempts: 3 },
  );
  await world.publisher.publish(NAME, { token_id: 3, prefix: 'abcdef012345' });
  const dead = await waitFor(
    async () => {
      const bodies = await deadLetters(consumer.queue);
      return bodies.length > 0 && bodies;
    },
    { what: 'the dead letter' },
  );
  expect(dead.map((body) => JSON.parse(body) as unknown)).toEqual([
    { token_id: 3, prefix: 'abcdef012345' },
  ]);
  expect(calls).toBe(3);
  expect(await effects()).toEqual([]);
});

test('a message whose handler finds the database unreachable waits for it, past its attempts', async () => {
  let calls = 0;
  const consumer = await startConsumer(
    async (message, tx) => {
      calls += 1;
      // The database drops this transaction's connection, as a restarting PostgreSQL does,
      // more times than the message has attempts.
      if (calls <= 4) await tx.$queryRawUnsafe('SELECT pg_terminate_backend(pg_backend_pid())');
      await recordEffect(message, tx);
    },
    { maxAttempts: 2 },
  );
  await world.publisher.publish(NAME, { token_id: 6, prefix: 'abcdef012345' });
  await waitFor(async () => (await effects()).length === 1, { what: 'the effect' });
  expect(calls).toBe(5);
  expect(await effects()).toEqual([6]);
  expect(await deadLetters(consumer.queue)).toEqual([]);
});

test('a message that fails once is retried and then succeeds', async () => {
  let calls = 0;
  await startConsumer(async (message, tx) => {
    calls += 1;
    if (calls === 1) throw new Error('transient');
    await recordEffect(message, tx);
  });
  await world.publisher.publish(NAME, { token_id: 4, prefix: 'abcdef012345' });
  await waitFor(async () => (await effects()).length === 1);
  expect(calls).toBe(2);
});

test('an invalid payload goes to the dead-letter queue at once, without reaching the handler', async () => {
  let calls = 0;
  const consumer = await startConsumer(() => {
    calls += 1;
    return Promise.resolve();
  });
  await publishUnchecked(
    world.names.exchange('events'),
    NAME,
    '{"token_id":"seven"}',
    '4a3b1c2d-0000-4000-8000-000000000001',
  );
  const dead = await waitFor(async () => {
    const bodies = await deadLetters(consumer.queue);
    return bodies.length > 0 && bodies;
  });
  expect(dead).toEqual(['{"token_id":"seven"}']);
  expect(calls).toBe(0);
});

test('a message its handler calls unprocessable goes to the dead-letter queue at once, its effect rolled back', async () => {
  let calls = 0;
  const consumer = await startConsumer(async (message, tx) => {
    calls += 1;
    await recordEffect(message, tx);
    throw new UnprocessableMessage(`no token ${message.payload.token_id}`);
  });
  await world.publisher.publish(NAME, { token_id: 10, prefix: 'abcdef012345' });
  const dead = await waitFor(async () => {
    const bodies = await deadLetters(consumer.queue);
    return bodies.length > 0 && bodies;
  });
  expect(dead.map((body) => JSON.parse(body) as unknown)).toEqual([
    { token_id: 10, prefix: 'abcdef012345' },
  ]);
  expect(calls).toBe(1);
  expect(await effects()).toEqual([]);
});

test('stopping a consumer lets the message in progress finish and acks it', async () => {
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const consumer = await startConsumer(async (message, tx) => {
    entered();
    await gate;
    await recordEffect(message, tx);
  });
  await world.publisher.publish(NAME, { token_id: 6, prefix: 'abcdef012345' });
  await inHandler;
  const stopped = consumer.stop();
  release();
  await stopped;
  expect(await effects()).toEqual([6]);
  // Acked before the channel closed: nothing is waiting to be redelivered.
  const connection = await connect(TEST_AMQP_URL);
  const channel = await connection.createChannel();
  const { messageCount } = await channel.checkQueue(consumer.queue);
  await connection.close();
  expect(messageCount).toBe(0);
});

test('the after-commit step gets what the handler returned, once its transaction committed, and never for a duplicate', async () => {
  const seen: { result: number; committed: number[] }[] = [];
  const consumer = new Consumer(world.broker, world.names, world.log, {
    service: 'kit',
    name: 'after-commit',
    messages: [NAME],
    db: world.db,
    schema: world.schema,
    prefetch: 1,
    handler: async (message: ReceivedMessage<Name>, tx: SqlClient) => {
      await recordEffect(message, tx);
      return message.payload.token_id * 10;
    },
    // Read from another connection: only a committed effect is visible there.
    afterCommit: async (result: number) => {
      seen.push({ result, committed: await effects() });
    },
  });
  await consumer.start();
  consumers.push(consumer);
  const messageId = '4a3b1c2d-0000-4000-8000-000000000007';
  await world.publisher.publish(NAME, { token_id: 7, prefix: 'abcdef012345' }, { messageId });
  await world.publisher.publish(NAME, { token_id: 7, prefix: 'abcdef012345' }, { messageId });
  await world.publisher.publish(NAME, { token_id: 8, prefix: 'abcdef012345' });
  await waitFor(() => seen.length === 2, { what: 'the sentinel after the duplicate' });
  expect(seen).toEqual([
    { result: 70, committed: [7] },
    { result: 80, committed: [7, 8] },
  ]);
});

test('a failing after-commit step leaves the message processed and acked', async () => {
  const consumer = new Consumer(world.broker, world.names, world.log, {
    service: 'kit',
    name: 'after-commit-fails',
    messages: [NAME],
    db: world.db,
    schema: world.schema,
    handler: recordEffect,
    afterCommit: () => Promise.reject(new Error('queue unreachable')),
  });
  await consumer.start();
  consumers.push(consumer);
  await world.publisher.publish(NAME, { token_id: 9, prefix: 'abcdef012345' });
  await waitFor(async () => (await effects()).length === 1, { what: 'the effect' });
  await consumer.stop();
  const connection = await connect(TEST_AMQP_URL);
  const channel = await connection.createChannel();
  const { messageCount } = await channel.checkQueue(consumer.queue);
  await connection.close();
  expect(messageCount).toBe(0);
  expect(await effects()).toEqual([9]);
});
