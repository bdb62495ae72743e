import type { Channel, ConsumeMessage } from 'amqplib';
import type { MessageName } from '@mcs/contracts';
import { runWithContext } from '../context';
import { claimMessages } from '../data/inbox';
import type { SqlClient } from '../data/database';
import type { Logger } from '../logger';
import type { BrokerConnection } from './connection';
import { Consumer, type ConsumerOptions, type ReceivedMessage } from './consumer';
import type { BrokerNames } from './topology';

export interface BatchConsumerOptions<Tx extends SqlClient, K extends MessageName, R> extends Omit<
  ConsumerOptions<Tx, K, R>,
  'handler'
> {
  /**
   * The batch's messages that were not processed before (the inbox dropped the others), in
   * the order they arrived; returns one result per message, in the same order.
   */
  handler: (messages: ReceivedMessage<K>[], tx: Tx) => Promise<R[]>;
  /** Most messages per transaction; default half the prefetch (see BatchConsumer). */
  maxBatch?: number;
}

interface Received<K extends MessageName> {
  channel: Channel;
  raw: ConsumeMessage;
  message: ReceivedMessage<K>;
}

/**
 * A Consumer that handles the valid messages it holds together, in one transaction with their
 * inbox records, and acks them after the commit: for handlers whose cost is mostly per
 * transaction (a lock held to the commit, the commit's flush). Batches form without a timer:
 * a batch is what one read of the socket brought, or what arrived while the previous batch was
 * being handled; one batch is handled at a time. With batches of at most half the prefetch,
 * the broker keeps sending the next batch while one is stored.
 *
 * What each message gets is as with Consumer: an invalid message is dead-lettered on receipt
 * and never joins a batch; when the batch's transaction fails, each of its messages is handled
 * on its own, with Consumer's retries and dead-lettering, so one message that cannot be
 * processed does not hold back the others. afterCommit runs per message, under its
 * correlation id.
 */
export class BatchConsumer<Tx extends SqlClient, K extends MessageName, R> extends Consumer<
  Tx,
  K,
  R
> {
  private readonly waiting: Received<K>[] = [];
  private draining = false;

  constructor(
    connection: BrokerConnection,
    names: BrokerNames,
    log: Logger,
    private readonly batch: BatchConsumerOptions<Tx, K, R>,
  ) {
    super(connection, names, log, {
      ...batch,
      handler: async (message, tx) => (await batch.handler([message], tx))[0] as R,
    });
  }

  protected override receive(channel: Channel, raw: ConsumeMessage): void {
    const parsed = this.parse(raw);
    if ('rejection' in parsed) return this.reject(channel, raw, parsed.rejection);
    this.waiting.push({ channel, raw, message: parsed.message });
    if (this.draining) return;
    this.draining = true;
    this.track(this.drain());
  }

  private async drain(): Promise<void> {
    const most = this.batch.maxBatch ?? Math.max(1, Math.floor((this.batch.prefetch ?? 16) / 2));
    try {
      // The rest of what the same read of the socket brought is dispatched before this.
      await new Promise((resolve) => setImmediate(resolve));
      while (this.waiting.length > 0) await this.handleBatch(this.waiting.splice(0, most));
    } finally {
      this.draining = false;
    }
  }

  private async handleBatch(received: Received<K>[]): Promise<void> {
    let handled: { message: ReceivedMessage<K>; result: R }[];
    try {
      handled = await this.options.db.$transaction(
        async (tx) => {
          const messages = await this.fresh(tx, received);
          const results = messages.length > 0 ? await this.batch.handler(messages, tx) : [];
          return messages.map((message, i) => ({ message, result: results[i] as R }));
        },
        { timeout: 60_000, maxWait: 10_000 },
      );
    } catch (error) {
      this.log.warn(
        { err: error, queue: this.queue, messages: received.length },
        'message batch failed; handling its messages one by one',
      );
      await Promise.all(received.map(({ channel, raw }) => this.handle(channel, raw)));
      return;
    }
    for (const { channel, raw } of received) this.settle(() => channel.ack(raw));
    await Promise.all(
      handled.map(({ message, result }) =>
        runWithContext({ correlationId: message.correlationId }, () =>
          this.runAfterCommit(result, message),
        ),
      ),
    );
  }

  /** The messages the inbox has not seen (the first of any id given twice in the batch). */
  private async fresh(tx: Tx, received: Received<K>[]): Promise<ReceivedMessage<K>[]> {
    const ids = received.map(({ message }) => message.messageId.toLowerCase());
    const claimed = await claimMessages(tx, this.options.schema, this.queue, ids);
    const messages = received.filter((_, i) => claimed.delete(ids[i] as string));
    return messages.map(({ message }) => message);
  }
}
