import type { MessagePayload } from '@mcs/contracts';
import { BrokerConnection, createLogger } from '@mcs/kit';
import { TEST_AMQP_URL } from '@mcs/kit/testing';
import type { Candidate, Protection } from './api';

/** A lifecycle event record as cleanup publishes it (events-webhooks.md 1.2-1.3). */
export interface EventRecord {
  id: string;
  type: string;
  occurred_at: string;
  candidate_id: number | null;
  actor: { type: string; id: number | null };
  media_type: string;
  operation_id: null;
  payload: {
    schema_version: 1;
    id: string;
    type: string;
    occurred_at: string;
    candidate?: Candidate;
    protection?: Protection;
    links: Record<string, string>;
  };
}

export interface Delivered<P = unknown> {
  name: string;
  messageId: string;
  payload: P;
}

type Links = MessagePayload<'cleanup.media_links_changed'>;

/**
 * Records everything published to cleanup's lifecycle and link routing keys, from a queue of
 * its own, exactly as the broker delivered it (duplicates included).
 */
export async function recordBroker(namespace: string) {
  const log = createLogger({ service: 'test-recorder', level: 'silent' });
  const connection = await BrokerConnection.connect(TEST_AMQP_URL, log);
  const messages: Delivered[] = [];
  await connection.onConnect(async (model) => {
    const channel = await model.createChannel();
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
    for (const key of ['candidate.*', 'protection.*', 'cleanup.media_links_changed'])
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
    /** Lifecycle events only, in delivery order. */
    events: () =>
      messages.filter((m) => m.name !== 'cleanup.media_links_changed') as Delivered<EventRecord>[],
    /** cleanup.media_links_changed messages, in delivery order. */
    links: () =>
      messages.filter((m) => m.name === 'cleanup.media_links_changed') as Delivered<Links>[],
    close: () => connection.close(),
  };
}

export type BrokerRecorder = Awaited<ReturnType<typeof recordBroker>>;
