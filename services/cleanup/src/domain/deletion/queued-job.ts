import type { InternalApi } from '@mcs/contracts';

type Job = InternalApi.components['schemas']['Job'];
type OperationStatus = 'queued' | 'running' | 'verifying' | 'succeeded' | 'failed' | 'canceled';

/** One file operation of a job, as the job reports it. */
export interface QueuedJobOperation {
  id: number;
  candidateId: number | null;
  status: OperationStatus;
  failureReason: string | null;
  deleteRequestId: number | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const ENDED: ReadonlySet<OperationStatus> = new Set(['succeeded', 'failed', 'canceled']);

/**
 * A job is the operations one request queued (internal-api.md 11): queued until one starts,
 * running until all have ended, then failed if any failed, canceled if all were canceled,
 * else completed. Progress is the percentage of operations that ended.
 */
export function queuedJobOf(
  jobId: number,
  first: QueuedJobOperation,
  rest: readonly QueuedJobOperation[] = [],
): Job {
  const operations = [first, ...rest];
  const ended = operations.filter((op) => ENDED.has(op.status));
  const failed = ended.filter((op) => op.status === 'failed').length;
  const done = ended.length === operations.length;
  return {
    job_id: jobId,
    kind: operations.some((op) => op.deleteRequestId !== null)
      ? 'delete_request'
      : 'file_operation',
    status: statusOf(operations, done, failed),
    progress: Math.round((ended.length / operations.length) * 100),
    result: {
      operations: operations.map((op) => ({
        operation_id: op.id,
        candidate_id: op.candidateId,
        status: op.status,
        failure_reason: op.failureReason,
      })),
    },
    error: failed > 0 ? `${failed} of ${operations.length} operations failed.` : null,
    created_at: new Date(Math.min(...operations.map((op) => op.createdAt.getTime()))).toISOString(),
    started_at: extreme(
      operations.map((op) => op.startedAt),
      Math.min,
    ),
    finished_at: done
      ? extreme(
          operations.map((op) => op.finishedAt),
          Math.max,
        )
      : null,
  };
}

function statusOf(operations: readonly QueuedJobOperation[], done: boolean, failed: number) {
  if (!done) return operations.every((op) => op.status === 'queued') ? 'queued' : 'running';
  if (failed > 0) return 'failed';
  return operations.every((op) => op.status === 'canceled') ? 'canceled' : 'completed';
}

/** The earliest or latest of the known times, null when none is known. */
function extreme(dates: readonly (Date | null)[], pick: (...values: number[]) => number) {
  const known = dates.flatMap((date) => (date === null ? [] : [date.getTime()]));
  return known.length === 0 ? null : new Date(pick(...known)).toISOString();
}
