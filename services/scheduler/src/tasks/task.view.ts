import type { ExternalApi, InternalApi } from '@mcs/contracts';
import { isoOrNull } from '@mcs/kit';
import { canRun, deriveStatus, type TaskState } from '../domain/task-state';
import type { RunRow } from '../runs/run.repository';
import { runDetailView, type TaskRunWire } from '../runs/run.view';

export type TaskWire = ExternalApi.components['schemas']['Task'];
type TaskViewWire = InternalApi.components['schemas']['TaskView'];

export interface TaskFacts {
  state: TaskState;
  /** The newest run: the active one, if any (a task gets a new run only when none is active). */
  latest: RunRow | undefined;
  lastFinished: RunRow | undefined;
  /** The task's job scheduler's next due time; none for manual or unscheduled tasks. */
  nextRunAt: Date | null;
  hasMainServer: boolean;
  now: Date;
}

/** The external Task (external-api.md §2.9). */
export function taskView(facts: TaskFacts): TaskWire {
  const { state, latest, lastFinished, nextRunAt, hasMainServer, now } = facts;
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
    last_run_at: isoOrNull(lastFinished?.completedAt ?? null),
    can_run: canRun(state, hasMainServer),
    requires_main_server: definition.requiresMainServer,
  };
}

/** The internal TaskView: the external Task plus its definition's facts and its runs. */
export function taskAdminView(facts: TaskFacts): TaskViewWire {
  const { state, latest, lastFinished } = facts;
  const { definition } = state;
  const active = latest && isActive(latest) ? latest : undefined;
  return {
    ...taskView(facts),
    can_disable: definition.canDisable,
    owning_service: definition.owner,
    default_schedule: {
      schedule_type: definition.defaultSchedule.type,
      schedule_value: definition.defaultSchedule.value,
    },
    schedule_customized: state.scheduleCustomized,
    active_run: active ? runDetailView(active) : null,
    last_run: lastFinished ? runDetailView(lastFinished) : null,
  };
}

const isActive = (row: RunRow) => row.status === 'queued' || row.status === 'running';
