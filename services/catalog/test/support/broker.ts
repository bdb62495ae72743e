import type { MessageName, MessagePayload } from '@mcs/contracts';
import { BrokerConnection, brokerNames, createLogger, Publisher } from '@mcs/kit';
import { TEST_AMQP_URL } from '@mcs/kit/testing';

export interface Delivered {
  name: string;
  messageId: string;
  payload: unknown;
}

/**
 * The test's own end of the broker: records every media.* and task.* event catalog publishes
 * (from a queue of its own, as delivered) and sends commands as cleanup or the scheduler would.
 */
export async function brokerFor(namespace: string) {
  const log = createLogger({ service: 'test-broker', level: 'silent' });
  const connection = await BrokerConnection.connect(TEST_AMQP_URL, log);
  const publisher = new Publisher(connection, brokerNames(namespace), log);
  await publisher.start();
  const messages: Delivered[] = [];
  await connection.onConnect(async (model) => {
    const channel = await model.createChannel();
    await channel.assertExchange(`${namespace}.events`, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    for (const key of ['media.#', 'task.#'])
      await channel.bindQueue(queue, `${namespace}.events`, key);
    await channel.consume(
      queue,
      (message) => {
        if (!message) return;
        messages.push({
          name: message.fields.routingKey,
          messageId: String(message.properties.messageId),
          payload: JSON.parse(message.content.toString('utf8')) as unknown,
        });
      },
      { noAck: true },
    );
  });
  return {
    messages,
    of: <K extends MessageName>(name: K) =>
      messages.filter((m) => m.name === name).map((m) => m.payload as MessagePayload<K>),
    send: <K extends MessageName>(name: K, payload: MessagePayload<K>, messageId?: string) =>
      publisher.publish(name, payload, messageId ? { messageId } : {}),
    close: () => connection.close(),
  };
}

export type TestBroker = Awaited<ReturnType<typeof brokerFor>>;
