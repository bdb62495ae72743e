import { num } from '@mcs/kit';
import type { DbClient, Tx } from '../db';
import type { RemovalKind } from '../domain/removal-guard';
import type { FileRemoval } from './removals.repository';

/** One entry of the held removal set (domain.md 2.11). */
export interface HeldRemoval {
  kind: RemovalKind;
  id: number;
  cause: FileRemoval['cause'];
  replacedBy: number | null;
}

type Row = { kind: string; entity_id: bigint; cause: string; replaced_by: bigint | null };

/** The held set; `lock` keeps a sync from replacing it until the caller's transaction ends. */
export async function heldRemovals(db: DbClient, lock = false): Promise<HeldRemoval[]> {
  const rows = lock
    ? await db.$queryRaw<Row[]>`
        SELECT kind, entity_id, cause, replaced_by FROM pending_removals FOR UPDATE`
    : await db.$queryRaw<Row[]>`SELECT kind, entity_id, cause, replaced_by FROM pending_removals`;
  return rows.map((row) => ({
    kind: row.kind as RemovalKind,
    id: num(row.entity_id),
    cause: row.cause as FileRemoval['cause'],
    replacedBy: row.replaced_by === null ? null : num(row.replaced_by),
  }));
}

export async function clearHeldRemovals(tx: Tx): Promise<void> {
  await tx.$executeRaw`DELETE FROM pending_removals`;
}

export async function findConfirmation(tx: Tx, jobId: number) {
  const row = await tx.removalConfirmation.findUnique({ where: { jobId } });
  return row ? { summary: row.summary as Record<string, unknown> } : null;
}

export async function recordConfirmation(
  tx: Tx,
  confirmation: { jobId: number; by: number; at: Date; summary: Record<string, unknown> },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO removal_confirmations (job_id, confirmed_by, confirmed_at, summary)
    VALUES (${confirmation.jobId}, ${confirmation.by}, ${confirmation.at},
            ${JSON.stringify(confirmation.summary)}::jsonb)`;
}

/** Whether a guarded sync left removals held (domain.md 2.11). */
export async function hasHeldRemovals(db: DbClient): Promise<boolean> {
  return (await db.pendingRemoval.count()) > 0;
}

/** The held set replaced by `slices` of rows. */
export async function replaceHeldRemovals(
  tx: Tx,
  slices: {
    kind: RemovalKind;
    entity_id: number;
    cause: string;
    replaced_by: number | null;
    run_id: number | null;
  }[][],
): Promise<void> {
  await tx.$executeRaw`DELETE FROM pending_removals`;
  for (const slice of slices)
    await tx.$executeRaw`
      INSERT INTO pending_removals (kind, entity_id, cause, replaced_by, run_id)
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(slice)}::jsonb)
        AS x(kind text, entity_id bigint, cause text, replaced_by bigint, run_id bigint)`;
}
