import type { MessagePayload } from '@mcs/contracts';
import type { DbClient, Tx } from '../db';

/** catalog.inputs.refresh commands waiting for their answer (domain.md 6.1 step 3). */
export type RefreshAnswer = MessagePayload<'media.inputs_refreshed'>;

export async function recordRefresh(
  tx: Tx,
  refresh: { messageId: string; runId: number; requestedAt: Date },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO input_refreshes (message_id, run_id, requested_at)
    VALUES (${refresh.messageId}::uuid, ${refresh.runId}, ${refresh.requestedAt})`;
}

/** Stores catalog's answer; an answer nobody waits for any more finds no row and is dropped. */
export async function storeAnswer(tx: Tx, answer: RefreshAnswer): Promise<void> {
  await tx.$executeRaw`
    UPDATE input_refreshes SET answer = ${JSON.stringify(answer)}::jsonb
     WHERE message_id = ${answer.command_message_id}::uuid AND answer IS NULL`;
}

/** The answer once it is there (the row goes with it); null while it is not. */
export async function takeAnswer(db: DbClient, messageId: string): Promise<RefreshAnswer | null> {
  const rows = await db.$queryRaw<{ answer: RefreshAnswer }[]>`
    DELETE FROM input_refreshes
     WHERE message_id = ${messageId}::uuid AND answer IS NOT NULL
    RETURNING answer`;
  return rows[0]?.answer ?? null;
}

/** Gives up waiting: a late answer then changes nothing. */
export async function dropRefresh(db: DbClient, messageId: string): Promise<void> {
  await db.$executeRaw`DELETE FROM input_refreshes WHERE message_id = ${messageId}::uuid`;
}

/**
 * Housekeeping: a wait lasts minutes (CLEANUP_INPUT_REFRESH_TIMEOUT_MS), so a row a day old was
 * left by a process that died while waiting; nobody will read it.
 */
export async function purgeAbandonedRefreshes(tx: Tx, now: Date): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM input_refreshes WHERE requested_at < ${now}::timestamptz - interval '1 day'`;
}

/** How many of these messages a consumer of this service has handled (kit inbox). */
export async function handledCount(db: DbClient, messageIds: string[]): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(DISTINCT message_id) AS n FROM inbox
     WHERE message_id = ANY(${messageIds}::uuid[])`;
  return Number(row?.n ?? 0n);
}
