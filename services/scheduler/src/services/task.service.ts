import { NotFound, pageOf, type Clock, type Paging } from '@mcs/kit';
import type { Db } from '../db';
import { TASKS, taskById, type TaskDefinition } from '../domain/task-catalogue';
import { taskState } from '../domain/task-state';
import { runRepository } from '../repositories/run.repository';
import { taskRepository } from '../repositories/task.repository';
import { runView, taskView } from '../views/task.view';
import type { ScheduleService } from './schedule.service';

/** Reading tasks and their runs (external-api.md §2.9). */
export class TaskService {
  constructor(private readonly deps: { db: Db; clock: Clock; schedules: ScheduleService }) {}

  async list() {
    const { db } = this.deps;
    const [settings, latest, finished, hasMainServer, nextRuns] = await Promise.all([
      taskRepository.settings(db),
      runRepository.latestPerTask(db),
      runRepository.lastFinishedPerTask(db),
      taskRepository.hasMainServer(db),
      this.deps.schedules.nextRuns(),
    ]);
    const now = this.deps.clock();
    const items = TASKS.map((definition) =>
      taskView({
        state: taskState(definition, settings.get(definition.id)),
        latest: latest.get(definition.id),
        lastFinishedAt: finished.get(definition.id) ?? null,
        nextRunAt: nextRuns.get(definition.id) ?? null,
        hasMainServer,
        now,
      }),
    );
    return { items, has_main_server: hasMainServer };
  }

  async get(taskId: string) {
    known(taskId);
    const task = (await this.list()).items.find((item) => item.id === taskId);
    if (!task) throw new NotFound(`Task ${taskId} was not found.`);
    return task;
  }

  async runs(taskId: string, paging: Paging) {
    known(taskId);
    const [rows, total] = await runRepository.page(this.deps.db, taskId, paging);
    return pageOf(rows.map(runView), total, paging);
  }
}

export function known(taskId: string): TaskDefinition {
  const definition = taskById(taskId);
  if (!definition) throw new NotFound(`Task ${taskId} was not found.`);
  return definition;
}
