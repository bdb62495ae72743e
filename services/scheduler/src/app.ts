import type { Clock, JobQueue, Outbox } from '@mcs/kit';
import type { Db } from './db';
import type { SchedulerJobs } from './jobs';
import { ScheduleService } from './services/schedule.service';
import { TaskService } from './services/task.service';
import { TriggerService } from './services/trigger.service';

/** Builds the service objects once, each with only the dependencies it uses (STYLE 10). */
export function createServices(deps: {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  queue: JobQueue<SchedulerJobs>;
  timeZone: string;
}) {
  const { db, clock } = deps;
  const { queue, timeZone } = deps;
  const schedules = new ScheduleService({ db, queue, timeZone, clock });
  return {
    schedules,
    tasks: new TaskService({ db, clock, schedules }),
    trigger: new TriggerService({ db, outbox: deps.outbox }),
  };
}

export type Services = ReturnType<typeof createServices>;
