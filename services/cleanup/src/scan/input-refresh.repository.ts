import type { MessagePayload } from '@mcs/contracts';
import type { DbClient, Tx } from '../db';

/** catalog.inputs.refresh commands waiting for their answer (domain.md 6.1 step 3). */
export type RefreshAnswer = MessagePayload<'media.inputs_refreshed'>;

/**
 * Notified on commit by every inbox write while a refresh is awaited (the trigger of migration
 * 20261128180000_input_refresh_wakeups; decision 024).
 */
export const INPUT_REFRESH_CHANNEL = 'cleanup_input_refreshes';

/** Waits until `waitMs` from now in database time: the trigger compares with now(). */
export async function recordRefresh(
  tx: Tx,
  refresh: { messageId: string; runId: number; requestedAt: Date; waitMs: number },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO input_refreshes (message_id, run_id, requested_at, wait_until)
    VALUES (${refresh.messageId}::uuid, ${refresh.runId}, ${refresh.requestedAt},
            now() + make_interval(secs => ${refresh.waitMs / 1000}))`;
}

/**
 * Stores catalog's answer; an answer nobody waits for any more finds no row and is dropped. The
 * consumer's inbox write in the same transaction wakes the waiter.
 */
export async function storeAnswer(tx: Tx, answer: RefreshAnswer): Promise<void> {
  await tx.$executeRaw`
    UPDATE input_refreshes SET answer = ${JSON.stringify(answer)}::jsonb
     WHERE message_id = ${answer.command_message_id}::uuid AND answer IS NULL`;
}

/**
 * The answer once it is there; null while it is not. The row stays until the wait ends: while
 * it is there, the messages catalog sent before its answer wake the waiter when applied.
 */
export async function findAnswer(db: DbClient, messageId: string): Promise<RefreshAnswer | null> {
  const rows = await db.$queryRaw<{ answer: RefreshAnswer }[]>`
    SELECT answer FROM input_refreshes
     WHERE message_id = ${messageId}::uuid AND answer IS NOT NULL`;
  return rows[0]?.answer ?? null;
}

/** Ends the wait, answered or not: a late answer then changes nothing. */
export async function dropRefresh(db: DbClient, messageId: string): Promise<void> {
  await db.$executeRaw`DELETE FROM input_refreshes WHERE message_id = ${messageId}::uuid`;
}

/**
 * Housekeeping: a wait lasts minutes (CLEANUP_INPUT_REFRESH_TIMEOUT_MS), so a row a day old was
 * left by a process that died while waiting; nobody will read it (and since its wait_until
 * passed, it no longer makes inbox writes notify).
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
