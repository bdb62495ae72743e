import { Conflict, Invalid } from '@mcs/kit';
import type { Db } from '../db';
import { customSchedule, scheduleProblems } from '../domain/schedule-rule';
import { knownTask, type Schedule } from '../domain/task-catalogue';
import type { ScheduleService } from './schedule.service';
import { taskRepository } from './task.repository';
import type { TaskService } from './task.service';

export interface ScheduleChange {
  schedule: Schedule;
  enabled: boolean;
}

/** PUT /api/tasks/tasks/{id}/schedule (internal-api.md §7, domain.md §9). */
export class TaskScheduleService {
  constructor(private readonly deps: { db: Db; schedules: ScheduleService; tasks: TaskService }) {}

  async change(taskId: string, change: ScheduleChange) {
    const definition = knownTask(taskId);
    const problems = scheduleProblems(change.schedule);
    if (problems.length > 0) throw new Invalid(problems);
    if (!change.enabled && !definition.canDisable)
      throw new Conflict('task_not_disableable', `Task ${taskId} cannot be disabled.`);
    await taskRepository.saveSettings(this.deps.db, definition.id, {
      enabled: change.enabled,
      schedule: customSchedule(definition, change.schedule),
    });
    // From the row, not the request: of two concurrent changes, the one stored last wins in
    // the job scheduler too.
    await this.deps.schedules.syncTask(definition);
    return this.deps.tasks.adminGet(taskId);
  }
}
