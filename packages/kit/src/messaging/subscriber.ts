import {
  exchangeOf,
  isMessageName,
  validateMessage,
  type MessageName,
  type MessagePayload,
} from '@mcs/contracts';
import type { Logger } from '../logger';
import type { BrokerConnection } from './connection';
import type { BrokerNames } from './topology';

/**
 * A broadcast subscriber: every process gets its own copy of each message, through an
 * exclusive, auto-deleted queue that lives as long as the connection. For signals every
 * replica must act on (dropping a cached token on revocation), where work queues would hand
 * the message to only one replica. Nothing is persisted; handlers must be idempotent and cheap.
 */
export class Subscriber<K extends MessageName> {
  constructor(
    private readonly connection: BrokerConnection,
    private readonly names: BrokerNames,
    private readonly log: Logger,
    private readonly messages: readonly K[],
    private readonly handler: (name: K, payload: MessagePayload<K>) => void,
  ) {}

  async start(): Promise<void> {
    await this.connection.onConnect(async (model) => {
      const channel = await model.createChannel();
      channel.on('error', (error: Error) =>
        this.log.warn({ err: error }, 'subscriber channel error'),
      );
      const { queue } = await channel.assertQueue('', {
        exclusive: true,
        autoDelete: true,
        durable: false,
      });
      for (const name of this.messages)
        await channel.bindQueue(queue, this.names.exchange(exchangeOf(name)), name);
      await channel.consume(
        queue,
        (raw) => {
          if (!raw) return;
          const name = raw.fields.routingKey;
          try {
            const payload: unknown = JSON.parse(raw.content.toString('utf8'));
            if (isMessageName(name) && validateMessage(name, payload).ok) {
              this.handler(name as K, payload as MessagePayload<K>);
            } else {
              this.log.warn({ routing_key: name }, 'subscriber ignored an invalid message');
            }
          } catch (error) {
            this.log.warn(
              { err: error, routing_key: name },
              'subscriber could not handle a message',
            );
          }
        },
        { noAck: true },
      );
    });
  }
}
