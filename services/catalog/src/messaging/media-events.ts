import type { MessageName, MessagePayload } from '@mcs/contracts';
import { envelope, type Envelope, type Outbox, type SqlClient } from '@mcs/kit';
import type { Tx } from '../db';

type ItemFacts = MessagePayload<'media.items_upserted'>['items'][number];
type SeriesParts = MessagePayload<'media.series_parts_upserted'>['items'][number];

/**
 * The contract allows ≤ 500 items and < 4 MiB per message; we stay far below the size: the
 * outbox relay reads 200 messages at a time, and big series facts would make that batch
 * hundreds of megabytes in memory.
 */
const MAX_ITEMS = 500;
const MAX_BYTES = 64 * 1024;

/**
 * catalog's events (media.*, alert.*, …), always through the outbox in the transaction of the change
 * (STYLE 6). Each payload is validated against the AsyncAPI contract when it is enveloped.
 */
export class MediaEvents {
  constructor(private readonly outbox: Outbox) {}

  add<K extends MessageName>(tx: Tx, name: K, payload: MessagePayload<K>): Promise<Envelope> {
    return this.outbox.add(tx, name, payload);
  }

  /** Messages of different kinds, in this order, in one insert per batch. */
  async addInOrder(tx: Tx, envelopes: Envelope[]): Promise<void> {
    await this.outbox.addEnvelopes(tx, envelopes);
  }

  /** Many messages in order (the kit inserts them in batches). */
  async addAll<K extends MessageName>(tx: Tx, name: K, payloads: MessagePayload<K>[]) {
    await this.outbox.addEnvelopes(
      tx,
      payloads.map((payload) => envelope(name, payload)),
    );
  }

  /** Full facts of movies and series, in messages split by count and size. */
  async itemsUpserted(tx: SqlClient, items: ItemFacts[]): Promise<void> {
    for (const batch of batches(items))
      await this.outbox.add(tx, 'media.items_upserted', { items: batch });
  }

  /** Changed parts of series, in messages split like facts; a series is never split. */
  async seriesPartsUpserted(tx: SqlClient, items: SeriesParts[]): Promise<void> {
    for (const batch of batches(items))
      await this.outbox.add(tx, 'media.series_parts_upserted', { items: batch });
  }
}

/** Splits items into messages by count and size; one item never exceeds a message. */
function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = JSON.stringify(item).length;
    if (batch.length > 0 && (batch.length >= MAX_ITEMS || bytes + size > MAX_BYTES)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}
