import type { ExternalApi, InternalApi } from '@mcs/contracts';
import { isoOrNull } from '@mcs/kit';
import type { RunRow } from './run.repository';

export type TaskRunWire = ExternalApi.components['schemas']['TaskRun'];
type TaskRunDetailWire = InternalApi.components['schemas']['TaskRunDetail'];

export function runView(row: RunRow): TaskRunWire {
  return {
    id: Number(row.id),
    task_id: row.taskId,
    status: row.status as TaskRunWire['status'],
    trigger: row.trigger as TaskRunWire['trigger'],
    progress: row.progress,
    items_processed: row.itemsProcessed,
    error: row.error,
    started_at: isoOrNull(row.startedAt),
    completed_at: isoOrNull(row.completedAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** A run with what only the administrators' pages show (internal-api.md §7). */
export function runDetailView(row: RunRow): TaskRunDetailWire {
  return {
    ...runView(row),
    phase: row.phase,
    summary: (row.summary ?? {}) as TaskRunDetailWire['summary'],
    requested_by: row.requestedBy as TaskRunDetailWire['requested_by'],
  };
}
