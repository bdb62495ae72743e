import type { Clock, JobQueue, Outbox, PgListener, SecretBox } from '@mcs/kit';
import type { Router } from 'express';
import type { Db, Direct } from './db';
import type { SchedulerJobs } from './jobs';
import { DashboardService } from './dashboard/dashboard.service';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { MainServerService } from './main-server/main-server.service';
import { jobRoutes } from './runs/jobs.routes';
import { RunService } from './runs/run.service';
import type { DestinationCheck } from './settings/destination-check';
import { settingsRoutes } from './settings/settings.routes';
import { SettingsService } from './settings/settings.service';
import { SystemService } from './system/system.service';
import { systemRoutes } from './system/system.routes';
import { ScheduleService } from './tasks/schedule.service';
import { taskAdminRoutes } from './tasks/task-admin.routes';
import { TaskScheduleService } from './tasks/task-schedule.service';
import { TaskService } from './tasks/task.service';
import { taskRoutes } from './tasks/tasks.routes';
import { TriggerService } from './tasks/trigger.service';

/** Builds the service objects once, each with only the dependencies it uses (STYLE 10). */
export function createServices(deps: {
  db: Db;
  direct: Direct;
  outbox: Outbox;
  clock: Clock;
  queue: JobQueue<SchedulerJobs>;
  timeZone: string;
  rateLimited: boolean;
  box: SecretBox;
  destinations: DestinationCheck;
  /** Listening for changes of the system facts (systemFactsListener). */
  listener: PgListener;
}) {
  const { db, clock, outbox } = deps;
  const schedules = new ScheduleService({ db, queue: deps.queue, timeZone: deps.timeZone, clock });
  const tasks = new TaskService({ db, clock, schedules });
  const { direct, rateLimited, listener } = deps;
  const system = new SystemService({ direct, clock, rateLimited, listener });
  return {
    schedules,
    tasks,
    runs: new RunService({ db }),
    taskSchedules: new TaskScheduleService({ db, schedules, tasks }),
    trigger: new TriggerService({ db, outbox }),
    system,
    dashboard: new DashboardService({ tasks, system }),
    mainServer: new MainServerService({ db, outbox }),
    settings: new SettingsService({
      db,
      outbox,
      clock,
      box: deps.box,
      destinations: deps.destinations,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Every route of the scheduler, under /api behind the gateway signature. */
export function mountRoutes(api: Router, services: Services): void {
  taskRoutes(api, services);
  taskAdminRoutes(api, services);
  systemRoutes(api, services);
  jobRoutes(api, services);
  settingsRoutes(api, services);
  dashboardRoutes(api, services);
}
