import { connect } from 'amqplib';
import { TEST_AMQP_URL } from './env';

export interface RecordedMessage<P = unknown> {
  /** Routing key (the message name). */
  name: string;
  messageId: string;
  payload: P;
}

/**
 * Records every message routed to `routingKeys` (wildcards allowed) on a test namespace's
 * events exchange (or its commands exchange), from an exclusive queue of its own, exactly as the broker delivered them
 * (duplicates included): what a test asserts about "published exactly once". Payloads are typed
 * as `P`, the shape the caller knows these messages to have (not checked here).
 */
export async function recordMessages<P = unknown>(
  namespace: string,
  routingKeys: string[],
  kind: 'events' | 'commands' = 'events',
  /** Called with each message as it arrives, e.g. to answer it as another service would. */
  onMessage?: (message: RecordedMessage<P>) => void,
) {
  const exchange = `${namespace}.${kind}`;
  const connection = await connect(TEST_AMQP_URL);
  const channel = await connection.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  for (const key of routingKeys) await channel.bindQueue(queue, exchange, key);
  const messages: RecordedMessage<P>[] = [];
  await channel.consume(
    queue,
    (message) => {
      if (!message) return;
      const recorded = {
        name: message.fields.routingKey,
        messageId: String(message.properties.messageId),
        payload: JSON.parse(message.content.toString('utf8')) as P,
      };
      messages.push(recorded);
      onMessage?.(recorded);
    },
    { noAck: true },
  );
  return {
    messages,
    close: async () => {
      await connection.close();
    },
  };
}

export type MessageRecorder<P = unknown> = Awaited<ReturnType<typeof recordMessages<P>>>;

/** Takes what reached a consumer queue's dead-letter queue (its bodies, as sent). */
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

/**
 * Publishes a body around the typed publisher (which refuses an invalid payload), with the
 * headers a producer sets: what a misbehaving producer would send.
 */
export async function publishUnchecked(
  exchange: string,
  routingKey: string,
  body: string,
  messageId: string,
): Promise<void> {
  const connection = await connect(TEST_AMQP_URL);
  try {
    const channel = await connection.createConfirmChannel();
    channel.publish(exchange, routingKey, Buffer.from(body), {
      messageId,
      headers: {
        message_id: messageId,
        correlation_id: 'c',
        occurred_at: new Date().toISOString(),
        schema_version: 1,
      },
    });
    await channel.waitForConfirms();
  } finally {
    await connection.close();
  }
}
