import type { Db } from '../db';
import type { QueuedJobOperation } from '../domain/deletion/queued-job';

export interface QueuedQueuedJobOperationRow extends QueuedJobOperation {
  /** Who queued the job: a user may read their own jobs (internal-api.md 11). */
  requestedBy: { type: string; id: number | null };
}

/** The file operations one manual request or approval queued under `jobId`, in id order. */
export async function queuedJobOperations(
  db: Db,
  jobId: number,
): Promise<QueuedQueuedJobOperationRow[]> {
  const rows = await db.fileOperation.findMany({
    where: { jobId: BigInt(jobId) },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => ({
    id: Number(row.id),
    candidateId: row.candidateId === null ? null : Number(row.candidateId),
    status: row.status as QueuedJobOperation['status'],
    failureReason: row.failureReason,
    deleteRequestId: row.deleteRequestId === null ? null : Number(row.deleteRequestId),
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    requestedBy: {
      type: row.requestedByType,
      id: row.requestedById === null ? null : Number(row.requestedById),
    },
  }));
}
