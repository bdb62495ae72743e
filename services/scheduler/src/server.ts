import { startService, systemClock, type Clock, type StartOptions } from '@mcs/kit';
import { createServices } from './app';
import type { SchedulerConfig } from './config';
import { createDb, SCHEMA } from './db';
import { mainServerConsumer, requestMainServerIfUnknown } from './messaging/main-server';
import { runReportsConsumer } from './messaging/run-reports.consumer';
import { mountRoutes } from './routes';
import { RunSweeper } from './services/run-sweeper.service';

export type SchedulerService = Awaited<ReturnType<typeof startScheduler>>;

/** The scheduler: the task catalogue, triggers and the runs its owners report on. */
export async function startScheduler(
  config: SchedulerConfig,
  options: StartOptions & { clock?: Clock } = {},
) {
  const clock = options.clock ?? systemClock;
  const service = await startService(
    {
      service: SCHEMA,
      dir: __dirname,
      createDb,
      build: (runtime, db) => createServices({ db, outbox: runtime.outbox, clock }),
      mount: mountRoutes,
      consumers: (runtime, db) => [
        runReportsConsumer(runtime, db),
        mainServerConsumer(runtime, db),
      ],
    },
    config,
    options,
  );
  const sweeper = new RunSweeper({ db: service.db, clock, log: service.runtime.log }).start();
  service.runtime.onStop({ name: 'run sweeper', close: sweeper.stop });
  if (await requestMainServerIfUnknown(service.db, service.runtime.outbox)) {
    service.runtime.log.info('main server unknown: asked catalog for it');
  }
  return service;
}
