import { Invalid, NotFound, pageOf, type Paging, type UserPrincipal } from '@mcs/kit';
import type { Db } from '../db';
import { knownTask, taskById } from '../domain/task-catalogue';
import { jobView } from './job.view';
import { runRepository, type RequestedBy, type RunFilter } from './run.repository';
import { runDetailView, runView } from './run.view';

/** Reading task runs: one task's, the history of all, and a run as a job. */
export class RunService {
  constructor(private readonly deps: { db: Db }) {}

  /** GET /api/v1/tasks/{id}/runs (external-api.md §2.9). */
  async ofTask(taskId: string, paging: Paging) {
    knownTask(taskId);
    const [rows, total] = await runRepository.history(this.deps.db, { taskId }, paging);
    return pageOf(rows.map(runView), total, paging);
  }

  /** GET /api/tasks/history (internal-api.md §7). */
  async history(filter: RunFilter, paging: Paging) {
    if (filter.taskId !== undefined && !taskById(filter.taskId))
      throw new Invalid([{ in: 'query', name: 'task_id', message: 'No task has this id.' }]);
    const [rows, total] = await runRepository.history(this.deps.db, filter, paging);
    return pageOf(rows.map(runDetailView), total, paging);
  }

  /**
   * A run as the job its trigger's 202 named (internal-api.md 11): for the user who queued it
   * and for administrators; 404 for anyone else, as for an id that never existed.
   */
  async job(runId: number, viewer: UserPrincipal) {
    const row = await runRepository.byId(this.deps.db, runId);
    const queuedBy = row?.requestedBy as RequestedBy | null | undefined;
    const own = queuedBy?.type === 'user' && queuedBy.id === viewer.id;
    if (!row || (!own && viewer.role !== 'admin')) throw new NotFound(`No job ${runId}.`);
    return jobView(row);
  }
}
