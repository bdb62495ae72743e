import type { MessageName, MessagePayload } from '@mcs/contracts';
import { type Envelope } from './envelope';
import { envelope } from './publisher';
import { ident, type SqlClient } from '../data/database';

/**
 * The transactional outbox (docs/decisions/001-outbox.md). A state change and the messages it
 * causes are written in one transaction; the relay publishes them afterwards. Call `add` with
 * the transaction client of the change, never with a separate connection.
 */
/** Rows per INSERT: 6 parameters each stays far below PostgreSQL's 65 535 limit. */
const ROWS_PER_INSERT = 1000;

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
    // Multi-row VALUES with one plain parameter per value: PostgreSQL parses a big JSON
    // payload several times faster this way than inside an array literal (unnest).
    for (let start = 0; start < envelopes.length; start += ROWS_PER_INSERT) {
      const rows = envelopes.slice(start, start + ROWS_PER_INSERT);
      const values = rows.map((_, i) => {
        const p = i * 6;
        return `($${p + 1}::uuid, $${p + 2}, $${p + 3}::jsonb, $${p + 4}, $${p + 5}::timestamptz, $${p + 6}::int)`;
      });
      await tx.$executeRawUnsafe(
        `INSERT INTO ${this.table} (message_id, routing_key, payload, correlation_id, occurred_at, schema_version)
         VALUES ${values.join(', ')}`,
        ...rows.flatMap((e) => [
          e.messageId,
          e.name,
          JSON.stringify(e.payload),
          e.correlationId,
          e.occurredAt,
          e.schemaVersion,
        ]),
      );
    }
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
