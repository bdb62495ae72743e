import type { ExternalApi } from '@mcs/contracts';
import type { Schedule, TaskDefinition } from './task-catalogue';

type Schemas = ExternalApi.components['schemas'];
export type TaskStatus = Schemas['TaskStatus'];
export type RunStatus = Schemas['TaskRunStatus'];
export type RunTrigger = Schemas['TaskRunTrigger'];

/** The operator's choices for a task, if any (no row: the catalogue's defaults). */
export interface TaskSettings {
  enabled: boolean;
  /** null: the catalogue's default schedule (never customised). */
  schedule: Schedule | null;
}

export interface RunSummary {
  id: number;
  status: RunStatus;
  error: string | null;
  completedAt: Date | null;
}

/** A task as it stands: its definition with the operator's choices applied. */
export interface TaskState {
  definition: TaskDefinition;
  enabled: boolean;
  schedule: Schedule;
  scheduleCustomized: boolean;
}

export function taskState(definition: TaskDefinition, settings?: TaskSettings): TaskState {
  return {
    definition,
    enabled: settings?.enabled ?? definition.enabledByDefault,
    schedule: settings?.schedule ?? definition.defaultSchedule,
    scheduleCustomized: Boolean(settings?.schedule),
  };
}

const RECENTLY_COMPLETED_MS = 3 * 60_000;

/** external-api.md §2.9, first match wins. */
export function deriveStatus(
  task: TaskState,
  latest: RunSummary | undefined,
  now: Date,
): TaskStatus {
  if (!task.enabled) return 'disabled';
  if (!latest) return 'scheduled';
  if (latest.status !== 'completed') return latest.status;
  const age = now.getTime() - (latest.completedAt?.getTime() ?? 0);
  return age < RECENTLY_COMPLETED_MS ? 'completed' : 'scheduled';
}

/** external-api.md §2.9. */
export function canRun(task: TaskState, hasMainServer: boolean): boolean {
  return task.enabled && (!task.definition.requiresMainServer || hasMainServer);
}

export type TriggerDecision =
  | { kind: 'task_disabled' }
  | { kind: 'main_server_required' }
  | { kind: 'already_active'; run: ActiveRun }
  | { kind: 'queue' };

/** The run a task has queued or running, if any. */
export interface ActiveRun {
  id: number;
  status: Extract<RunStatus, 'queued' | 'running'>;
}

/** A trigger's result: the run it queued, or the one already active. */
export interface Started {
  taskId: string;
  run: ActiveRun;
  queued: boolean;
}

/** What a manual or API trigger does (domain.md §9 run semantics). */
export function decideTrigger(
  task: TaskState,
  hasMainServer: boolean,
  active: ActiveRun | undefined,
): TriggerDecision {
  if (!task.enabled) return { kind: 'task_disabled' };
  if (task.definition.requiresMainServer && !hasMainServer) return { kind: 'main_server_required' };
  if (active) return { kind: 'already_active', run: active };
  return { kind: 'queue' };
}
