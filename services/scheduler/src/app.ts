import type { Clock, JobQueue, Outbox } from '@mcs/kit';
import type { Db } from './db';
import type { SchedulerJobs } from './jobs';
import { ScheduleService } from './services/schedule.service';
import { SystemService } from './services/system.service';
import { TaskScheduleService } from './services/task-schedule.service';
import { TaskService } from './services/task.service';
import { TriggerService } from './services/trigger.service';

/** Builds the service objects once, each with only the dependencies it uses (STYLE 10). */
export function createServices(deps: {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  queue: JobQueue<SchedulerJobs>;
  timeZone: string;
  rateLimited: boolean;
}) {
  const { db, clock } = deps;
  const schedules = new ScheduleService({ db, queue: deps.queue, timeZone: deps.timeZone, clock });
  const tasks = new TaskService({ db, clock, schedules });
  return {
    schedules,
    tasks,
    taskSchedules: new TaskScheduleService({ db, schedules, tasks }),
    trigger: new TriggerService({ db, outbox: deps.outbox }),
    system: new SystemService({ db, clock, rateLimited: deps.rateLimited }),
  };
}

export type Services = ReturnType<typeof createServices>;
