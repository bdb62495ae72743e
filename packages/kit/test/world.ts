import { connect } from 'amqplib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import {
  BrokerConnection,
  brokerNames,
  createLogger,
  pgDatabase,
  Publisher,
  type BrokerNames,
  type Database,
  type Logger,
  type SqlClient,
} from '@mcs/kit';
import { createTestEnv, recordMessages, TEST_AMQP_URL, type TestEnv } from '@mcs/kit/testing';

/**
 * A messaging test's world: a fresh database with the kit's outbox and inbox tables in a
 * scratch schema, a private broker namespace, and a connected publisher.
 */
export interface MessagingWorld {
  env: TestEnv;
  pool: Pool;
  db: Database<SqlClient>;
  schema: string;
  log: Logger;
  names: BrokerNames;
  broker: BrokerConnection;
  publisher: Publisher;
  /** Another connection with its own publisher (a second replica). */
  replica(): Promise<{ broker: BrokerConnection; publisher: Publisher }>;
  close(): Promise<void>;
}

const TABLES = readFileSync(join(__dirname, '..', 'sql', 'messaging-tables.sql'), 'utf8');

export async function messagingWorld(): Promise<MessagingWorld> {
  const env = await createTestEnv();
  const schema = 'kit_test';
  const pool = new Pool({ connectionString: env.databaseUrl, max: 8 });
  await pool.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}; ${TABLES}`);
  const log = createLogger({ service: 'kit-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const names = brokerNames(env.namespace);
  const connections: BrokerConnection[] = [];
  const connectPublisher = async () => {
    const broker = await BrokerConnection.connect(TEST_AMQP_URL, log);
    connections.push(broker);
    const publisher = new Publisher(broker, names, log);
    await publisher.start();
    return { broker, publisher };
  };
  const { broker, publisher } = await connectPublisher();
  return {
    env,
    pool,
    db: pgDatabase(pool),
    schema,
    log,
    names,
    broker,
    publisher,
    replica: connectPublisher,
    close: async () => {
      for (const connection of connections) await connection.close();
      await pool.end();
      await env.cleanup();
    },
  };
}

/** Simulates a network drop: destroys the socket under the current AMQP connection. */
export function dropConnection(broker: BrokerConnection): void {
  const model = broker.current() as unknown as
    { connection: { stream: { destroy(error: Error): void } } } | undefined;
  if (!model) throw new Error('not connected');
  model.connection.stream.destroy(new Error('simulated network failure'));
}

/** Records the message ids the broker delivers for `routingKeys` (duplicates included). */
export async function recordDeliveries(world: MessagingWorld, routingKeys: string[]) {
  const recorder = await recordMessages(world.env.namespace, routingKeys);
  return {
    get ids() {
      return recorder.messages.map((message) => message.messageId);
    },
    close: recorder.close,
  };
}

/** Reads (and removes) what reached a consumer's dead-letter queue. */
export async function deadLetters(queue: string): Promise<string[]> {
  const connection = await connect(TEST_AMQP_URL);
  try {
    const channel = await connection.createChannel();
    const bodies: string[] = [];
    for (
      let message = await channel.get(`${queue}.dlq`);
      message;
      message = await channel.get(`${queue}.dlq`)
    ) {
      bodies.push(message.content.toString());
    }
    return bodies;
  } finally {
    await connection.close();
  }
}

/** Publishes a body around the typed publisher, as a misbehaving producer would. */
export async function publishRaw(
  world: MessagingWorld,
  name: string,
  body: string,
  messageId: string,
): Promise<void> {
  const connection = await connect(TEST_AMQP_URL);
  const channel = await connection.createConfirmChannel();
  channel.publish(world.names.exchange('events'), name, Buffer.from(body), {
    messageId,
    headers: {
      message_id: messageId,
      correlation_id: 'c',
      occurred_at: new Date().toISOString(),
      schema_version: 1,
    },
  });
  await channel.waitForConfirms();
  await connection.close();
}
