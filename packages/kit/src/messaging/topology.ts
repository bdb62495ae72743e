import type { Channel } from 'amqplib';
import type { ExchangeKind } from '@mcs/contracts';

/**
 * Broker names, all derived from one namespace (default "mcs"), so a test file can run in its
 * own namespace on a shared broker. Declarations are idempotent: every process declares what
 * it uses at start and after every reconnect.
 */
export interface BrokerNames {
  exchange(kind: ExchangeKind): string;
  deadLetterExchange: string;
  queue(service: string, consumer: string): string;
  deadLetterQueue(queue: string): string;
}

export function brokerNames(namespace: string): BrokerNames {
  return {
    exchange: (kind) => `${namespace}.${kind}`,
    deadLetterExchange: `${namespace}.dlx`,
    queue: (service, consumer) => `${namespace}.${service}.${consumer}`,
    deadLetterQueue: (queue) => `${queue}.dlq`,
  };
}

/** Queues this process declared; test cleanup deletes the ones of its namespace. */
export const declaredQueues = new Set<string>();

export async function declareExchanges(channel: Channel, names: BrokerNames): Promise<void> {
  await channel.assertExchange(names.exchange('events'), 'topic', { durable: true });
  await channel.assertExchange(names.exchange('commands'), 'topic', { durable: true });
  await channel.assertExchange(names.deadLetterExchange, 'direct', { durable: true });
}

/**
 * A consumer's quorum queue, bound to its routing keys, dead-lettering into its own DLQ. The
 * queue's arguments never change (changing them would fail redeclaration), so the retry budget
 * lives in the consumer, not in a queue argument.
 */
export async function declareConsumerQueue(
  channel: Channel,
  names: BrokerNames,
  queue: string,
  bindings: { exchange: ExchangeKind; routingKey: string }[],
): Promise<void> {
  const deadLetterQueue = names.deadLetterQueue(queue);
  declaredQueues.add(queue);
  await channel.assertQueue(deadLetterQueue, {
    durable: true,
    arguments: { 'x-queue-type': 'quorum' },
  });
  await channel.bindQueue(deadLetterQueue, names.deadLetterExchange, queue);
  await channel.assertQueue(queue, {
    durable: true,
    arguments: {
      'x-queue-type': 'quorum',
      'x-dead-letter-exchange': names.deadLetterExchange,
      'x-dead-letter-routing-key': queue,
    },
  });
  for (const binding of bindings) {
    await channel.bindQueue(queue, names.exchange(binding.exchange), binding.routingKey);
  }
}
