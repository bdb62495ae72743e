import type { InternalApi } from '@mcs/contracts';
import { isoOrNull } from '@mcs/kit';
import type { RunRow } from './run.repository';

type Job = InternalApi.components['schemas']['Job'];

/**
 * A task run as the job its 202 answer named (internal-api.md 11): `job_id` = `run_id`, a run
 * that ended in `error` is a failed job, and an ended run's summary is the job's result.
 */
export function jobView(row: RunRow): Job {
  const ended = row.status === 'completed' || row.status === 'error';
  return {
    job_id: Number(row.id),
    kind: 'task_run',
    status: row.status === 'error' ? 'failed' : (row.status as 'queued' | 'running' | 'completed'),
    progress: row.progress,
    result: ended ? { summary: summaryOf(row.summary) } : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: isoOrNull(row.startedAt),
    finished_at: isoOrNull(row.completedAt),
  };
}

function summaryOf(summary: RunRow['summary']): Record<string, unknown> {
  return typeof summary === 'object' && summary !== null && !Array.isArray(summary) ? summary : {};
}
