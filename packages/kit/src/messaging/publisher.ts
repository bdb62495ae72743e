import { randomUUID } from 'node:crypto';
import type { ConfirmChannel } from 'amqplib';
import { exchangeOf, validateMessage, type MessageName, type MessagePayload } from '@mcs/contracts';
import { correlationId } from '../context';
import type { Logger } from '../logger';
import type { BrokerConnection } from './connection';
import { type Envelope, headersOf, SCHEMA_VERSION } from './envelope';
import { type BrokerNames, declareExchanges } from './topology';

export class BrokerUnavailable extends Error {
  constructor(message = 'The message broker is not reachable.') {
    super(message);
    this.name = 'BrokerUnavailable';
  }
}

export class InvalidMessage extends Error {
  constructor(name: string, errors: string) {
    super(`Message ${name} does not match its contract: ${errors}`);
    this.name = 'InvalidMessage';
  }
}

/** Builds an envelope for a payload, validating it against the contract first. */
export function envelope<K extends MessageName>(
  name: K,
  payload: MessagePayload<K>,
  meta: Partial<Pick<Envelope, 'messageId' | 'correlationId' | 'occurredAt'>> = {},
): Envelope {
  const result = validateMessage(name, payload);
  if (!result.ok) throw new InvalidMessage(name, result.errors);
  return {
    name,
    payload,
    messageId: meta.messageId ?? randomUUID(),
    correlationId: meta.correlationId ?? correlationId(),
    occurredAt: meta.occurredAt ?? new Date(),
    schemaVersion: SCHEMA_VERSION,
  };
}

/**
 * Publishes with publisher confirms: a call resolves only once the broker has taken
 * responsibility for every message. State changes go through the outbox, whose relay uses
 * `publishEnvelopes`; `publish` is for messages that are not the result of a commit
 * (progress reports, for instance).
 */
export class Publisher {
  private channel: ConfirmChannel | undefined;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly connection: BrokerConnection,
    private readonly names: BrokerNames,
    private readonly log: Logger,
    private readonly waitForBrokerMs = 5000,
  ) {}

  async start(): Promise<void> {
    await this.connection.onConnect(async (model) => {
      const channel = await model.createConfirmChannel();
      channel.on('error', (error: Error) =>
        this.log.warn({ err: error }, 'publisher channel error'),
      );
      channel.on('close', () => {
        if (this.channel === channel) this.channel = undefined;
      });
      await declareExchanges(channel, this.names);
      this.channel = channel;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  async publish<K extends MessageName>(
    name: K,
    payload: MessagePayload<K>,
    meta?: Partial<Pick<Envelope, 'messageId' | 'correlationId' | 'occurredAt'>>,
  ): Promise<void> {
    await this.publishEnvelopes([envelope(name, payload, meta)]);
  }

  async publishEnvelopes(envelopes: Envelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    const channel = await this.readyChannel();
    for (const message of envelopes) {
      const headers = headersOf(message);
      const accepted = channel.publish(
        this.names.exchange(exchangeOf(message.name)),
        message.name,
        Buffer.from(JSON.stringify(message.payload)),
        {
          persistent: true,
          contentType: 'application/json',
          messageId: message.messageId,
          correlationId: message.correlationId,
          timestamp: Math.floor(message.occurredAt.getTime() / 1000),
          type: message.name,
          headers,
        },
      );
      if (!accepted) await new Promise((resolve) => channel.once('drain', resolve));
    }
    await channel.waitForConfirms();
  }

  private async readyChannel(): Promise<ConfirmChannel> {
    if (this.channel) return this.channel;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        reject(new BrokerUnavailable());
      }, this.waitForBrokerMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push(wake);
    });
    if (!this.channel) throw new BrokerUnavailable();
    return this.channel;
  }
}
