import type { MessageName, MessagePayload } from '@mcs/contracts';
import { type Envelope } from '../messaging/envelope';
import { envelope } from '../messaging/publisher';
import { ident, type SqlClient } from './database';

/**
 * The transactional outbox (docs/decisions/001-outbox.md). A state change and the messages it
 * causes are written in one transaction; the relay publishes them afterwards. Call `add` with
 * the transaction client of the change, never with a separate connection.
 */
export class Outbox {
  private readonly table: string;

  private readonly channel: string;

  constructor(schema: string) {
    this.table = `${ident(schema)}.outbox`;
    this.channel = outboxChannel(schema);
  }

  async add<K extends MessageName>(
    tx: SqlClient,
    name: K,
    payload: MessagePayload<K>,
    meta?: Partial<Pick<Envelope, 'messageId' | 'correlationId' | 'occurredAt'>>,
  ): Promise<Envelope> {
    const [message] = await this.addEnvelopes(tx, [envelope(name, payload, meta)]);
    return message as Envelope;
  }

  /** Adds several messages in order (they are published in this order). */
  async addEnvelopes(tx: SqlClient, envelopes: Envelope[]): Promise<Envelope[]> {
    if (envelopes.length === 0) return envelopes;
    await tx.$executeRawUnsafe(
      `INSERT INTO ${this.table} (message_id, routing_key, payload, correlation_id, occurred_at, schema_version)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::timestamptz[], $6::int[])`,
      envelopes.map((e) => e.messageId),
      envelopes.map((e) => e.name),
      envelopes.map((e) => JSON.stringify(e.payload)),
      envelopes.map((e) => e.correlationId),
      envelopes.map((e) => e.occurredAt),
      envelopes.map((e) => e.schemaVersion),
    );
    // NOTIFY is delivered when (and only if) the caller's transaction commits: relays of every
    // replica wake up exactly when there is something to publish.
    await tx.$executeRawUnsafe(`SELECT pg_notify('${this.channel}', '')`);
    return envelopes;
  }
}

/** The LISTEN/NOTIFY channel on which a schema's outbox announces committed rows. */
export function outboxChannel(schema: string): string {
  return `mcs_outbox_${schema.replace(/[^a-z0-9_]/gi, '_')}`;
}
