import { ident, type SqlClient } from './database';

/**
 * The idempotent inbox: a consumer records each message id in the same transaction as the
 * message's effects. A redelivered or duplicated message finds its id and is skipped.
 * Returns false when the message was already processed.
 */
export async function claimMessage(
  tx: SqlClient,
  schema: string,
  consumer: string,
  messageId: string,
): Promise<boolean> {
  const inserted = await tx.$executeRawUnsafe(
    `INSERT INTO ${ident(schema)}.inbox (consumer, message_id) VALUES ($1, $2::uuid) ON CONFLICT DO NOTHING`,
    consumer,
    messageId,
  );
  return inserted === 1;
}

/**
 * `claimMessage` for several messages in one statement: the ids not processed before (the
 * inbox's text form, lower case). An id given twice is claimed once.
 */
export async function claimMessages(
  tx: SqlClient,
  schema: string,
  consumer: string,
  messageIds: readonly string[],
): Promise<Set<string>> {
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO ${ident(schema)}.inbox (consumer, message_id)
     SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING RETURNING message_id::text AS id`,
    consumer,
    messageIds,
  );
  return new Set(rows.map((row) => row.id));
}
