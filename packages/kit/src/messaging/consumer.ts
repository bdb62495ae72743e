import type { Channel, ConsumeMessage } from 'amqplib';
import {
  exchangeOf,
  isMessageName,
  validateMessage,
  type MessageName,
  type MessagePayload,
} from '@mcs/contracts';
import { runWithContext, newCorrelationId } from '../context';
import { claimMessage } from '../data/inbox';
import type { Database, SqlClient } from '../data/database';
import { isDatabaseUnavailable } from '../data/unavailable';
import type { Logger } from '../logger';
import type { BrokerConnection } from './connection';
import { type BrokerNames, declareConsumerQueue } from './topology';

export interface ReceivedMessage<K extends MessageName = MessageName> {
  name: K;
  payload: MessagePayload<K>;
  messageId: string;
  correlationId: string;
  occurredAt: Date;
  /** 1 on first delivery, then 2, 3, … on redeliveries. */
  attempt: number;
}

/**
 * Thrown by a handler for a message that passed its contract but can never be processed (it
 * names something that does not exist): dead-lettered at once, like an invalid payload,
 * instead of being retried. The handler's transaction is rolled back.
 */
export class UnprocessableMessage extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnprocessableMessage';
  }
}

export type MessageHandler<Tx extends SqlClient, K extends MessageName, R = void> = (
  message: ReceivedMessage<K>,
  tx: Tx,
) => Promise<R>;

export interface ConsumerOptions<Tx extends SqlClient, K extends MessageName, R = void> {
  /** Owning service and consumer name: the queue is <namespace>.<service>.<name>. */
  service: string;
  name: string;
  messages: readonly K[];
  handler: MessageHandler<Tx, K, R>;
  /**
   * Runs once the handler's transaction committed, with what the handler returned: work that
   * must not happen before the commit (enqueuing a job that reads the rows just written). Not
   * run for a duplicate. It cannot undo the commit, so its failure is only logged and the
   * message is still acked: whatever it does needs a recovery path of its own (a sweeper).
   */
  afterCommit?: (result: R, message: ReceivedMessage<K>) => Promise<void>;
  db: Database<Tx>;
  /** The service's schema, holding its inbox table. */
  schema: string;
  /**
   * Deliveries before a failing message goes to the dead-letter queue. A failure because the
   * database is unreachable never dead-letters a message: it waits for the database (the
   * broker still counts those deliveries).
   */
  maxAttempts?: number;
  prefetch?: number;
  /** Base of the pause before a failed message is handed back (doubles per attempt, ≤ 5 s). */
  retryDelayMs?: number;
}

/**
 * A consumer with manual acks: each message is validated against its contract, processed in
 * one database transaction together with its inbox record (so a duplicate is processed once),
 * acked after commit, retried a bounded number of times on failure, and dead-lettered when it
 * is invalid or keeps failing.
 */
export class Consumer<Tx extends SqlClient, K extends MessageName, R = void> {
  private channel: Channel | undefined;
  private consumerTag: string | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;
  readonly queue: string;

  constructor(
    private readonly connection: BrokerConnection,
    private readonly names: BrokerNames,
    protected readonly log: Logger,
    protected readonly options: ConsumerOptions<Tx, K, R>,
  ) {
    this.queue = names.queue(options.service, options.name);
  }

  async start(): Promise<void> {
    await this.connection.onConnect(async (model) => {
      if (this.stopping) return;
      const channel = await model.createChannel();
      channel.on('error', (error: Error) =>
        this.log.warn({ err: error, queue: this.queue }, 'consumer channel error'),
      );
      await declareConsumerQueue(
        channel,
        this.names,
        this.queue,
        this.options.messages.map((name) => ({ exchange: exchangeOf(name), routingKey: name })),
      );
      await channel.prefetch(this.options.prefetch ?? 16);
      const { consumerTag } = await channel.consume(this.queue, (message) => {
        if (message) this.receive(channel, message);
      });
      this.channel = channel;
      this.consumerTag = consumerTag;
    });
  }

  /** Stops taking messages, waits for the ones in progress, then closes the channel. */
  async stop(): Promise<void> {
    this.stopping = true;
    const channel = this.channel;
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
    await channel?.close().catch(() => undefined);
  }

  /** Each message is handled on its own, concurrently up to the prefetch. */
  protected receive(channel: Channel, raw: ConsumeMessage): void {
    this.track(this.handle(channel, raw));
  }

  /** Work that stop() waits for. */
  protected track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** A message that breaks its contract is dead-lettered at once: no retry can fix it. */
  protected reject(channel: Channel, raw: ConsumeMessage, reason: string): void {
    this.log.error(
      { queue: this.queue, routing_key: raw.fields.routingKey, reason },
      'message dead-lettered: invalid',
    );
    this.settle(() => channel.nack(raw, false, false));
  }

  protected async handle(channel: Channel, raw: ConsumeMessage): Promise<void> {
    const parsed = this.parse(raw);
    if ('rejection' in parsed) {
      this.reject(channel, raw, parsed.rejection);
      return;
    }
    const message = parsed.message;
    await runWithContext({ correlationId: message.correlationId }, async () => {
      let handled: { result: R } | undefined;
      try {
        handled = await this.options.db.$transaction(
          async (tx) => {
            if (!(await claimMessage(tx, this.options.schema, this.queue, message.messageId))) {
              this.log.debug({ message_id: message.messageId }, 'duplicate message skipped');
              return undefined;
            }
            return { result: await this.options.handler(message, tx) };
          },
          { timeout: 60_000, maxWait: 10_000 },
        );
        this.settle(() => channel.ack(raw));
      } catch (error) {
        if (error instanceof UnprocessableMessage) this.reject(channel, raw, error.message);
        else await this.retryOrDeadLetter(channel, raw, message, error);
        return;
      }
      if (handled) await this.runAfterCommit(handled.result, message);
    });
  }

  protected async runAfterCommit(result: R, message: ReceivedMessage<K>): Promise<void> {
    try {
      await this.options.afterCommit?.(result, message);
    } catch (error) {
      this.log.warn(
        { err: error, queue: this.queue, message_id: message.messageId },
        'after-commit step failed; the message stays processed',
      );
    }
  }

  private async retryOrDeadLetter(
    channel: Channel,
    raw: ConsumeMessage,
    message: ReceivedMessage<K>,
    error: unknown,
  ) {
    const maxAttempts = this.options.maxAttempts ?? 5;
    const context = {
      err: error,
      queue: this.queue,
      message_id: message.messageId,
      attempt: message.attempt,
    };
    // The database being unreachable (restarting, failing over) is no fault of the message: it
    // waits for the database however long that takes instead of spending its attempts, which
    // a one-second PostgreSQL restart used up and dead-lettered a feed event (test/chaos).
    const outage = isDatabaseUnavailable(error);
    if (message.attempt >= maxAttempts && !outage) {
      this.log.error(context, 'message dead-lettered after its last attempt');
      this.settle(() => channel.nack(raw, false, false));
      return;
    }
    this.log.warn(
      context,
      outage
        ? 'database unavailable; message will be retried'
        : 'message handler failed; will retry',
    );
    // A short, growing pause keeps a failing dependency from being hammered in a tight loop.
    const delay = Math.min((this.options.retryDelayMs ?? 100) * 2 ** (message.attempt - 1), 5000);
    await new Promise((resolve) => setTimeout(resolve, delay));
    this.settle(() => channel.nack(raw, false, true));
  }

  /**
   * Acks and nacks fail when the channel closed meanwhile (broker restart): the broker then
   * redelivers the message itself, and the inbox drops it if it was already processed.
   */
  protected settle(action: () => void): void {
    try {
      action();
    } catch (error) {
      this.log.warn(
        { err: error, queue: this.queue },
        'could not settle message; it will be redelivered',
      );
    }
  }

  protected parse(raw: ConsumeMessage): { message: ReceivedMessage<K> } | { rejection: string } {
    const name = raw.fields.routingKey;
    if (!isMessageName(name) || !(this.options.messages as readonly string[]).includes(name)) {
      return { rejection: `unexpected routing key ${name}` };
    }
    let payload: unknown;
    try {
      payload = JSON.parse(raw.content.toString('utf8'));
    } catch {
      return { rejection: 'body is not JSON' };
    }
    const headers = (raw.properties.headers ?? {}) as Record<string, unknown>;
    const messageId: unknown = headers.message_id ?? raw.properties.messageId;
    if (typeof messageId !== 'string' || !/^[0-9a-f-]{36}$/i.test(messageId)) {
      return { rejection: 'missing or malformed message_id' };
    }
    const validation = validateMessage(name, payload);
    if (!validation.ok) return { rejection: validation.errors };
    // Quorum queues count redeliveries in x-delivery-count.
    const redeliveries = Number(headers['x-delivery-count'] ?? 0);
    return {
      message: {
        name: name as K,
        payload: payload as MessagePayload<K>,
        messageId,
        correlationId:
          typeof headers.correlation_id === 'string' ? headers.correlation_id : newCorrelationId(),
        occurredAt: new Date(
          typeof headers.occurred_at === 'string' ? headers.occurred_at : Date.now(),
        ),
        attempt: (Number.isFinite(redeliveries) ? redeliveries : 0) + 1,
      },
    };
  }
}
