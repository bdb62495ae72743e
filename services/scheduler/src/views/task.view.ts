import type { ExternalApi } from '@mcs/contracts';
import { isoOrNull } from '@mcs/kit';
import { canRun, deriveStatus, type TaskState } from '../domain/task-state';
import type { RunRow } from '../repositories/run.repository';

type Schemas = ExternalApi.components['schemas'];
export type TaskWire = Schemas['Task'];
export type TaskRunWire = Schemas['TaskRun'];

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

export interface TaskFacts {
  state: TaskState;
  latest: RunRow | undefined;
  lastFinishedAt: Date | null;
  /** The task's job scheduler's next due time; none for manual or unscheduled tasks. */
  nextRunAt: Date | null;
  hasMainServer: boolean;
  now: Date;
}

/** The external Task (external-api.md §2.9). */
export function taskView(facts: TaskFacts): TaskWire {
  const { state, latest, lastFinishedAt, nextRunAt, hasMainServer, now } = facts;
  const status = deriveStatus(
    state,
    latest && {
      id: Number(latest.id),
      status: latest.status as TaskRunWire['status'],
      error: latest.error,
      completedAt: latest.completedAt,
    },
    now,
  );
  const { definition } = state;
  return {
    id: definition.id,
    name: definition.name,
    description: definition.description,
    enabled: state.enabled,
    status,
    error: status === 'error' ? (latest?.error ?? null) : null,
    schedule_type: state.schedule.type,
    schedule_value: state.schedule.value,
    next_run_at: state.enabled ? isoOrNull(nextRunAt) : null,
    last_run_at: isoOrNull(lastFinishedAt),
    can_run: canRun(state, hasMainServer),
    requires_main_server: definition.requiresMainServer,
  };
}
