import type { Channel, ConsumeMessage } from 'amqplib';
import { BatchConsumer, type ReceivedMessage, type SqlClient } from '@mcs/kit';
import { deadLetters, publishUnchecked, waitFor } from '@mcs/kit/testing';
import { messagingWorld, type MessagingWorld } from './world';

const NAME = 'gateway.api_token_revoked';
type Name = typeof NAME;
/** The handler fails on this token: a message the batch cannot process. */
const POISON = 13;

let world: MessagingWorld;

beforeAll(async () => {
  world = await messagingWorld();
  await world.pool.query(`CREATE TABLE ${world.schema}.effects (token_id int NOT NULL)`);
});
afterAll(() => world.close());

/** Counts the messages that reached the consumer, so a test knows they are all waiting. */
class CountingConsumer extends BatchConsumer<SqlClient, Name, number> {
  received = 0;
  protected override receive(channel: Channel, raw: ConsumeMessage): void {
    this.received += 1;
    super.receive(channel, raw);
  }
}

async function effects(): Promise<number[]> {
  const { rows } = await world.pool.query<{ token_id: number }>(
    `SELECT token_id FROM ${world.schema}.effects ORDER BY token_id`,
  );
  return rows.map((row) => row.token_id);
}

const publish = (tokenId: number, messageId?: string) =>
  world.publisher.publish(NAME, { token_id: tokenId, prefix: 'abcdef012345' }, { messageId });

test('messages that arrive while a batch is handled are handled together in the next transaction; one the batch cannot process is then handled alone and the others keep their effects', async () => {
  const batches: number[][] = [];
  const afterCommit: number[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const consumer = new CountingConsumer(world.broker, world.names, world.log, {
    service: 'kit',
    name: 'batches',
    messages: [NAME],
    db: world.db,
    schema: world.schema,
    maxAttempts: 2,
    retryDelayMs: 5,
    handler: async (messages: ReceivedMessage<Name>[], tx: SqlClient) => {
      const tokens = messages.map((message) => message.payload.token_id);
      batches.push(tokens);
      if (tokens[0] === 1) await gate;
      for (const token of tokens) {
        if (token === POISON) throw new Error('cannot store this one');
        await tx.$executeRawUnsafe(`INSERT INTO ${world.schema}.effects VALUES ($1)`, token);
      }
      return tokens;
    },
    afterCommit: (token: number) => {
      afterCommit.push(token);
      return Promise.resolve();
    },
  });
  await consumer.start();
  try {
    await publish(1);
    await waitFor(() => batches.length === 1, { what: 'the first batch' });
    const duplicate = '4a3b1c2d-0000-4000-8000-000000000002';
    await publish(2, duplicate);
    await publish(2, duplicate);
    await publish(3);
    await publishUnchecked(
      world.names.exchange('events'),
      NAME,
      '{"token_id":"four"}',
      '4a3b1c2d-0000-4000-8000-000000000004',
    );
    await publish(POISON);
    await publish(5);
    await waitFor(() => consumer.received === 7, { what: 'every message at the consumer' });
    release();

    await waitFor(
      async () =>
        (await deadLetters(consumer.queue)).includes(
          `{"token_id":${POISON},"prefix":"abcdef012345"}`,
        ),
      {
        what: 'the poison message dead-lettered',
      },
    );
    await waitFor(async () => (await effects()).length === 4, { what: 'the effects' });
    expect(await effects()).toEqual([1, 2, 3, 5]);
    // The invalid message never joined a batch; the duplicate was dropped by the inbox.
    expect(batches.slice(0, 2)).toEqual([[1], [2, 3, POISON, 5]]);
    expect(afterCommit.sort((a, b) => a - b)).toEqual([1, 2, 3, 5]);
  } finally {
    await consumer.stop();
  }
});

test('a message already in the inbox is not handed to the handler again', async () => {
  const seen: number[] = [];
  const consumer = new CountingConsumer(world.broker, world.names, world.log, {
    service: 'kit',
    name: 'redelivered',
    messages: [NAME],
    db: world.db,
    schema: world.schema,
    handler: (messages: ReceivedMessage<Name>[]) => {
      seen.push(...messages.map((message) => message.payload.token_id));
      return Promise.resolve(messages.map(() => 0));
    },
  });
  await consumer.start();
  try {
    const messageId = '4a3b1c2d-0000-4000-8000-000000000021';
    await publish(21, messageId);
    await waitFor(() => seen.length === 1, { what: 'the first copy' });
    await publish(21, messageId);
    await publish(22);
    await waitFor(() => seen.includes(22), { what: 'the sentinel' });
    expect(seen).toEqual([21, 22]);
  } finally {
    await consumer.stop();
  }
});
