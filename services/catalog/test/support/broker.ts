import type { MessageName, MessagePayload } from '@mcs/contracts';
import { BrokerConnection, brokerNames, createLogger, Publisher } from '@mcs/kit';
import { recordMessages, TEST_AMQP_URL } from '@mcs/kit/testing';

/**
 * The test's own end of the broker: the kit's recorder of every media.*, task.* and alert.* event catalog
 * publishes, and a publisher sending commands as cleanup or the scheduler would.
 */
export async function brokerFor(namespace: string) {
  const recorder = await recordMessages(namespace, ['media.#', 'task.#', 'alert.#']);
  const { messages } = recorder;
  const log = createLogger({ service: 'test-broker', level: 'silent' });
  const connection = await BrokerConnection.connect(TEST_AMQP_URL, log);
  const publisher = new Publisher(connection, brokerNames(namespace), log);
  await publisher.start();
  return {
    messages,
    of: <K extends MessageName>(name: K) =>
      messages.filter((m) => m.name === name).map((m) => m.payload as MessagePayload<K>),
    send: <K extends MessageName>(name: K, payload: MessagePayload<K>, messageId?: string) =>
      publisher.publish(name, payload, messageId ? { messageId } : {}),
    close: async () => {
      await recorder.close();
      await connection.close();
    },
  };
}

export type TestBroker = Awaited<ReturnType<typeof brokerFor>>;
