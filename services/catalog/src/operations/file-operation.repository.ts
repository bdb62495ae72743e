import { num } from '@mcs/kit';
import type { Prisma } from '../generated/prisma/client';
import type { DbClient } from '../db';

export type OperationStatus =
  'queued' | 'running' | 'verifying' | 'succeeded' | 'failed' | 'canceled';

export interface OperationRow {
  operationId: number;
  candidateId: number | null;
  kind: string;
  command: unknown;
  status: OperationStatus;
  attemptLog: unknown[];
  startedAt: Date | null;
}

/** Records a new operation; false when its id is already known (a repeated command). */
export async function recordOperation(
  db: DbClient,
  operation: { operationId: number; candidateId: number | null; kind: string; command: unknown },
): Promise<boolean> {
  const inserted = await db.$executeRaw`
    INSERT INTO file_operations (operation_id, candidate_id, kind, command, status)
    VALUES (${operation.operationId}, ${operation.candidateId}, ${operation.kind},
            ${JSON.stringify(operation.command)}::jsonb, 'queued')
    ON CONFLICT (operation_id) DO NOTHING`;
  return inserted === 1;
}

export async function findOperation(db: DbClient, id: number): Promise<OperationRow | null> {
  const row = await db.fileOperation.findUnique({ where: { operationId: BigInt(id) } });
  if (!row) return null;
  return {
    operationId: num(row.operationId),
    candidateId: row.candidateId === null ? null : num(row.candidateId),
    kind: row.kind,
    command: row.command,
    status: row.status as OperationStatus,
    attemptLog: row.attemptLog as unknown[],
    startedAt: row.startedAt,
  };
}

/**
 * Moves an operation from one status to the next only if it is still in the expected one, so
 * two workers (or a retried job) never both make the external calls.
 */
export async function transition(
  db: DbClient,
  id: number,
  from: OperationStatus[],
  data: Prisma.FileOperationUpdateManyMutationInput & { status: OperationStatus },
): Promise<boolean> {
  const { count } = await db.fileOperation.updateMany({
    where: { operationId: BigInt(id), status: { in: from } },
    data,
  });
  return count === 1;
}

export async function unfinishedOperationIds(db: DbClient): Promise<number[]> {
  const rows = await db.fileOperation.findMany({
    where: { status: { in: ['queued', 'running', 'verifying'] } },
    select: { operationId: true },
  });
  return rows.map((row) => num(row.operationId));
}

/** The path an operation acted on (null before it ended, or with no file); null if unknown. */
export async function operationPath(
  db: DbClient,
  operationId: number,
): Promise<{
  path: string | null;
  localPath: string | null;
  destinationPath: string | null;
} | null> {
  return db.fileOperation.findUnique({
    where: { operationId: BigInt(operationId) },
    select: { path: true, localPath: true, destinationPath: true },
  });
}
