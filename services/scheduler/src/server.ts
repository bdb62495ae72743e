import {
  createInternalClient,
  housekeepingConsumer,
  SecretBox,
  JobQueue,
  startJobWorker,
  startService,
  systemClock,
  AppError,
  type Clock,
  type Runtime,
  type StartOptions,
} from '@mcs/kit';
import { createServices, mountRoutes } from './app';
import type { SchedulerConfig } from './config';
import { createDb, createDirect, SCHEMA } from './db';
import { schedulerJobs } from './jobs';
import { mainServerConsumer } from './main-server/main-server.consumer';
import { purgeSchedulerData } from './runs/housekeeping.service';
import { runReportsConsumer } from './runs/run-reports.consumer';
import { RunSweeper } from './runs/run-sweeper.service';
import { catalogDestinationCheck, type DestinationCheck } from './settings/destination-check';
import { settingsRequestsConsumer } from './settings/settings.consumer';
import { systemFactsListener } from './system/system.service';
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
      // A bad key stops the start before anything connects (docs/decisions/023).
      prepare: ({ encryptionKeys }) => ({ box: new SecretBox(encryptionKeys) }),
      build: (runtime, db, { box }) => {
        const jobs = { redis: runtime.redis, prefix: runtime.config.redis.prefix };
        const queue = new JobQueue(schedulerJobs, jobs);
        runtime.onStop({ name: 'scheduler queue', close: () => queue.close() });
        const rateLimited = config.rateLimited ?? true;
        const destinations = destinationCheck(runtime, config.catalogUrl);
        // One connection per process, outside the pool, holds the LISTEN (decision 031).
        const listener = systemFactsListener(runtime.config.database.url, runtime.log);
        listener.start();
        runtime.onStop({ name: 'system facts listener', close: () => listener.stop() });
        return createServices({
          ...{ db, direct: createDirect(runtime.pool), outbox: runtime.outbox, clock, queue },
          ...{ timeZone, rateLimited },
          ...{ box, destinations, listener },
        });
      },
      mount: mountRoutes,
      consumers: (runtime, db, services) => [
        runReportsConsumer(runtime, db),
        mainServerConsumer(runtime, db, services.mainServer),
        triggerConsumer(runtime, db, services.trigger),
        settingsRequestsConsumer(runtime, db, services.settings),
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
  const legacy = await services.settings.migrateLegacyWebhooks();
  if (legacy > 0)
    runtime.log.info({ entries: legacy }, 'legacy post-action webhooks sent to webhooks');
  if (await services.mainServer.requestIfUnknown()) {
    runtime.log.info('main server unknown: asked catalog for it');
  }
  return service;
}

/** catalog answers whether a move destination is writable; a few seconds at most. */
function destinationCheck(runtime: Runtime, catalogUrl: string | undefined): DestinationCheck {
  if (catalogUrl === undefined) {
    return () =>
      Promise.reject(
        new AppError(
          503,
          'service_unavailable',
          'No catalog is configured to check move destinations.',
        ),
      );
  }
  const call = createInternalClient({ key: runtime.signingKey, timeoutMs: 5000 });
  return catalogDestinationCheck(call, catalogUrl);
}
