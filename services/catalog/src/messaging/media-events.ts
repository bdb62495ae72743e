import type { MessageName, MessagePayload } from '@mcs/contracts';
import { envelope, outboxChannel, type Envelope, type Outbox, type SqlClient } from '@mcs/kit';
import { SCHEMA } from '../db';
import type { Tx } from '../repositories/sql';

type ItemFacts = MessagePayload<'media.items_upserted'>['items'][number];

/**
 * The contract allows ≤ 500 items and < 4 MiB per message; we stay far below the size: the
 * outbox relay reads 200 messages at a time, and big series facts would make that batch
 * hundreds of megabytes in memory.
 */
const MAX_ITEMS = 500;
const MAX_BYTES = 64 * 1024;

/**
 * catalog's media.* events, always through the outbox in the transaction of the change
 * (STYLE 6). Each payload is validated against the AsyncAPI contract when it is enveloped.
 */
export class MediaEvents {
  constructor(private readonly outbox: Outbox) {}

  add<K extends MessageName>(tx: Tx, name: K, payload: MessagePayload<K>): Promise<Envelope> {
    return this.outbox.add(tx, name, payload);
  }

  /** Many messages in one insert, in order. */
  async addAll<K extends MessageName>(tx: Tx, name: K, payloads: MessagePayload<K>[]) {
    for (let start = 0; start < payloads.length; start += 1000) {
      const slice = payloads.slice(start, start + 1000);
      await this.outbox.addEnvelopes(
        tx,
        slice.map((payload) => envelope(name, payload)),
      );
    }
  }

  /** Splits facts into messages by count and size; one item never exceeds a message. */
  async itemsUpserted(tx: SqlClient, items: ItemFacts[]): Promise<void> {
    const batches: ItemFacts[][] = [];
    let batch: ItemFacts[] = [];
    let bytes = 0;
    for (const item of items) {
      const size = JSON.stringify(item).length;
      if (batch.length > 0 && (batch.length >= MAX_ITEMS || bytes + size > MAX_BYTES)) {
        batches.push(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(item);
      bytes += size;
    }
    if (batch.length > 0) batches.push(batch);
    for (const items of batches) await this.addLarge(tx, 'media.items_upserted', { items });
  }

  /**
   * One big message, validated like every other (kit `envelope`), inserted into the outbox
   * table with scalar parameters. The kit's Outbox sends payloads as an array literal, which
   * PostgreSQL parses several times slower than a plain parameter: for the tens of megabytes
   * of series facts an incremental sync can produce, that was most of its time. `tx` may be a
   * plain pg client (facts publishing needs no transaction of Prisma's).
   */
  async addLarge<K extends MessageName>(tx: SqlClient, name: K, payload: MessagePayload<K>) {
    const message = envelope(name, payload);
    await tx.$executeRawUnsafe(
      `INSERT INTO outbox (message_id, routing_key, payload, correlation_id, occurred_at, schema_version)
       VALUES ($1::uuid, $2, $3::jsonb, $4, $5, $6)`,
      message.messageId,
      message.name,
      JSON.stringify(message.payload),
      message.correlationId,
      message.occurredAt,
      message.schemaVersion,
    );
    // As the kit's Outbox does: relays wake when (and only if) the writing transaction commits.
    await tx.$executeRawUnsafe(`SELECT pg_notify('${outboxChannel(SCHEMA)}', '')`);
  }
}
