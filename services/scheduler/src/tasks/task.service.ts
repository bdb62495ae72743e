import { NotFound, type Clock } from '@mcs/kit';
import type { Db } from '../db';
import { knownTask, TASKS } from '../domain/task-catalogue';
import { taskState } from '../domain/task-state';
import { mainServerRepository } from '../main-server/main-server.repository';
import { runRepository } from '../runs/run.repository';
import type { ScheduleService } from './schedule.service';
import { taskRepository } from './task.repository';
import { taskAdminView, taskView, type TaskFacts } from './task.view';

/** Reading tasks as they stand (external-api.md §2.9, internal-api.md §7). */
export class TaskService {
  constructor(private readonly deps: { db: Db; clock: Clock; schedules: ScheduleService }) {}

  async list() {
    const { facts, hasMainServer } = await this.facts();
    return { items: facts.map(taskView), has_main_server: hasMainServer };
  }

  async get(taskId: string) {
    knownTask(taskId);
    const { facts } = await this.facts();
    return taskView(factsOf(facts, taskId));
  }

  /** The administrators' task list: the same facts, shown with more of them. */
  async adminList() {
    const { facts, hasMainServer } = await this.facts();
    return { items: facts.map(taskAdminView), has_main_server: hasMainServer };
  }

  async adminGet(taskId: string) {
    knownTask(taskId);
    const { facts } = await this.facts();
    return taskAdminView(factsOf(facts, taskId));
  }

  /** Everything a task's views show, for every task in catalogue order, read at once. */
  private async facts(): Promise<{ facts: TaskFacts[]; hasMainServer: boolean }> {
    const { db } = this.deps;
    const [settings, latest, finished, hasMainServer, nextRuns] = await Promise.all([
      taskRepository.settings(db),
      runRepository.latestPerTask(db),
      runRepository.lastFinishedPerTask(db),
      mainServerRepository.has(db),
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

function factsOf(facts: TaskFacts[], taskId: string): TaskFacts {
  const found = facts.find((fact) => fact.state.definition.id === taskId);
  if (!found) throw new NotFound(`Task ${taskId} was not found.`);
  return found;
}
