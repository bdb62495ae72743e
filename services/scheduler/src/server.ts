import {
  housekeepingConsumer,
  JobQueue,
  startJobWorker,
  startService,
  systemClock,
  type Clock,
  type StartOptions,
} from '@mcs/kit';
import { createServices, mountRoutes } from './app';
import type { SchedulerConfig } from './config';
import { createDb, SCHEMA } from './db';
import { schedulerJobs } from './jobs';
import { mainServerConsumer } from './main-server/main-server.consumer';
import { purgeSchedulerData } from './runs/housekeeping.service';
import { runReportsConsumer } from './runs/run-reports.consumer';
import { RunSweeper } from './runs/run-sweeper.service';
import { triggerConsumer } from './tasks/trigger.consumer';

export type SchedulerService = Awaited<ReturnType<typeof startScheduler>>;

/** The scheduler: the task catalogue, schedules, triggers and the runs its owners report on. */
export async function startScheduler(
  config: SchedulerConfig,
  options: StartOptions & { clock?: Clock } = {},
) {
  const clock = options.clock ?? systemClock;
  // Cron expressions are evaluated in the server's time zone (TZ), domain.md §9.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const service = await startService(
    {
      service: SCHEMA,
      dir: __dirname,
      createDb,
      build: (runtime, db) => {
        const jobs = { redis: runtime.redis, prefix: runtime.config.redis.prefix };
        const queue = new JobQueue(schedulerJobs, jobs);
        runtime.onStop({ name: 'scheduler queue', close: () => queue.close() });
        const rateLimited = config.rateLimited ?? true;
        return createServices({ db, outbox: runtime.outbox, clock, queue, timeZone, rateLimited });
      },
      mount: mountRoutes,
      consumers: (runtime, db, services) => [
        runReportsConsumer(runtime, db),
        mainServerConsumer(runtime, db, services.mainServer),
        triggerConsumer(runtime, db, services.trigger),
        housekeepingConsumer(runtime, {
          service: 'scheduler',
          db,
          clock,
          purge: purgeSchedulerData,
        }),
      ],
    },
    config,
    options,
  );
  const { runtime, db, services } = service;
  const worker = startJobWorker(
    schedulerJobs,
    // The job id names the due time (BullMQ's job schedulers: one job id per due time).
    { fire_task: ({ task_id }, { job }) => services.trigger.fire(task_id, String(job.id)) },
    { redis: runtime.redis, prefix: runtime.config.redis.prefix, log: runtime.log },
  );
  runtime.onStop({ name: 'scheduler worker', close: () => worker.close() });
  await services.schedules.sync();
  const sweeper = new RunSweeper({ db, clock, log: runtime.log }).start();
  runtime.onStop({ name: 'run sweeper', close: sweeper.stop });
  if (await services.mainServer.requestIfUnknown()) {
    runtime.log.info('main server unknown: asked catalog for it');
  }
  return service;
}
