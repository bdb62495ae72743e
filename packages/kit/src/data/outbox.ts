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

  constructor(
    schema: string,
    /** Called after messages were added, e.g. to wake the in-process relay after commit. */
    private readonly onAdded: () => void = () => undefined,
  ) {
    this.table = `${ident(schema)}.outbox`;
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
    // Deferred so the relay looks only after the caller's transaction has had time to commit;
    // if it looks too early it simply finds nothing and its poll picks the rows up.
    setImmediate(this.onAdded);
    return envelopes;
  }
}
