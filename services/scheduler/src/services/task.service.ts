import { Invalid, NotFound, pageOf, type Clock, type Paging, type UserPrincipal } from '@mcs/kit';
import type { Db } from '../db';
import { TASKS, taskById, type TaskDefinition } from '../domain/task-catalogue';
import { taskState } from '../domain/task-state';
import { runRepository, type RequestedBy, type RunFilter } from '../repositories/run.repository';
import { jobView } from '../views/job.view';
import { taskRepository } from '../repositories/task.repository';
import {
  runDetailView,
  runView,
  taskAdminView,
  taskView,
  type TaskFacts,
} from '../views/task.view';
import type { ScheduleService } from './schedule.service';

/** Reading tasks and their runs (external-api.md §2.9, internal-api.md §7). */
export class TaskService {
  constructor(private readonly deps: { db: Db; clock: Clock; schedules: ScheduleService }) {}

  async list() {
    const { facts, hasMainServer } = await this.facts();
    return { items: facts.map(taskView), has_main_server: hasMainServer };
  }

  async get(taskId: string) {
    known(taskId);
    const { facts } = await this.facts();
    return taskView(factsOf(facts, taskId));
  }

  /** The administrators' task list: the same facts, shown with more of them. */
  async adminList() {
    const { facts, hasMainServer } = await this.facts();
    return { items: facts.map(taskAdminView), has_main_server: hasMainServer };
  }

  async adminGet(taskId: string) {
    known(taskId);
    const { facts } = await this.facts();
    return taskAdminView(factsOf(facts, taskId));
  }

  async runs(taskId: string, paging: Paging) {
    known(taskId);
    const [rows, total] = await runRepository.history(this.deps.db, { taskId }, paging);
    return pageOf(rows.map(runView), total, paging);
  }

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

  /** Everything a task's views show, for every task in catalogue order, read at once. */
  private async facts(): Promise<{ facts: TaskFacts[]; hasMainServer: boolean }> {
    const { db } = this.deps;
    const [settings, latest, finished, hasMainServer, nextRuns] = await Promise.all([
      taskRepository.settings(db),
      runRepository.latestPerTask(db),
      runRepository.lastFinishedPerTask(db),
      taskRepository.hasMainServer(db),
      this.deps.schedules.nextRuns(),
    ]);
    const now = this.deps.clock();
    const facts = TASKS.map((definition) => ({
      state: taskState(definition, settings.get(definition.id)),
      latest: latest.get(definition.id),
      lastFinished: finished.get(definition.id),
      nextRunAt: nextRuns.get(definition.id) ?? null,
      hasMainServer,
      now,
    }));
    return { facts, hasMainServer };
  }
}

export function known(taskId: string): TaskDefinition {
  const definition = taskById(taskId);
  if (!definition) throw new NotFound(`Task ${taskId} was not found.`);
  return definition;
}

function factsOf(facts: TaskFacts[], taskId: string): TaskFacts {
  const found = facts.find((fact) => fact.state.definition.id === taskId);
  if (!found) throw new NotFound(`Task ${taskId} was not found.`);
  return found;
}
