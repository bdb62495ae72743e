import type { Clock, JobQueue } from '@mcs/kit';
import type { Db } from '../db';
import { TASKS, type TaskDefinition } from '../domain/task-catalogue';
import { taskState, type TaskState } from '../domain/task-state';
import type { SchedulerJobs } from '../jobs';
import { runRepository } from '../runs/run.repository';
import { taskRepository } from './task.repository';

/**
 * Keeps one BullMQ job scheduler per scheduled task (interval or cron, in the server's time
 * zone): BullMQ makes one job per due time however many scheduler replicas there are. Manual
 * and disabled tasks have none.
 */
export class ScheduleService {
  constructor(
    private readonly deps: {
      db: Db;
      queue: JobQueue<SchedulerJobs>;
      timeZone: string;
      clock: Clock;
    },
  ) {}

  /** Every task's job scheduler as its settings say (at start). */
  async sync(): Promise<void> {
    const settings = await taskRepository.settings(this.deps.db);
    const latest = await runRepository.latestPerTask(this.deps.db);
    for (const definition of TASKS)
      await this.apply(
        taskState(definition, settings.get(definition.id)),
        latest.get(definition.id)?.createdAt,
      );
  }

  /** One task's job scheduler, from its settings as stored now (after a change). */
  async syncTask(definition: TaskDefinition): Promise<void> {
    const { db } = this.deps;
    const settings = await taskRepository.settingsOf(db, definition.id);
    const latest = await runRepository.latestPerTask(db);
    await this.apply(taskState(definition, settings), latest.get(definition.id)?.createdAt);
  }

  private async apply(task: TaskState, lastRunAt: Date | undefined): Promise<void> {
    const { definition } = task;
    const { type, value } = task.schedule;
    if (!task.enabled || type === 'manual') {
      await this.deps.queue.unschedule(definition.id);
      return;
    }
    const now = this.deps.clock().getTime();
    const every = Number(value) * 1000;
    // An interval counts from the task's latest run (a restart neither fires every task at
    // once nor postpones them; an overdue task fires once, now); never run: one interval.
    const last = lastRunAt?.getTime() ?? now;
    const repeat =
      type === 'interval'
        ? { every, startDate: Math.max(now, last + every) }
        : { pattern: value, tz: this.deps.timeZone };
    await this.deps.queue.schedule(definition.id, repeat, 'fire_task', { task_id: definition.id });
  }

  /** When each scheduled task fires next. */
  nextRuns(): Promise<Map<string, Date>> {
    return this.deps.queue.nextRuns();
  }
}
