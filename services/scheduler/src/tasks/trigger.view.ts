import type { ExternalApi, InternalApi } from '@mcs/contracts';
import type { Started } from '../domain/task-state';

type TriggerResponse = ExternalApi.components['schemas']['TaskRunTriggerResponse'];
type TaskRunQueued = InternalApi.components['schemas']['TaskRunQueued'];

/** The external answer (external-api.md §2.9); `job_id` repeats `run_id` for older clients. */
export function triggerAnswer(started: Started): TriggerResponse {
  const { taskId, run, queued } = started;
  return { task_id: taskId, run_id: run.id, job_id: run.id, queued, already_active: !queued };
}

/** The internal queued-work answer (internal-api.md §1.1, §7). */
export function queuedAnswer(started: Started): TaskRunQueued {
  const { taskId, run, queued } = started;
  return {
    job_id: run.id,
    status: run.status,
    task_id: taskId,
    run_id: run.id,
    already_active: !queued,
  };
}
