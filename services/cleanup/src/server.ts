import {
  JobQueue,
  SettingsFollower,
  housekeepingConsumer,
  startService,
  systemClock,
  type Clock,
  type StartedService,
  type StartOptions,
} from '@mcs/kit';
import { createServices, type Services } from './app';
import { inputRefreshListener } from './scan/input-refresher';
import { type CleanupConfig, DEFAULT_INPUT_REFRESH_TIMEOUT_MS } from './config';
import { createDb, SCHEMA, type Db } from './db';
import { cleanupJobs, startCleanupWorker } from './tasks/worker';
import { requestBackfillIfEmpty } from './projection/backfill.service';
import { alertConsumer } from './alerts/alert.consumer';
import { mediaConsumer } from './projection/media.consumer';
import { operationOutcomeConsumer } from './deletion/operation-outcome.consumer';
import { ruleInputsConsumer } from './projection/rule-inputs.consumer';
import { sourceStatusConsumer } from './sources/source-status.consumer';
import { taskConsumer } from './tasks/task.consumer';
import { mountRoutes } from './routes';
import { CLEANUP_SETTING_KEYS } from './settings/cleanup-settings';

export type CleanupService = StartedService<Db> & { services: Services };

export async function startCleanup(
  config: CleanupConfig,
  options: StartOptions & { clock?: Clock } = {},
): Promise<CleanupService> {
  const clock = options.clock ?? systemClock;
  const service = await startService(
    {
      service: SCHEMA,
      dir: __dirname,
      createDb,
      build: (runtime, db) => {
        const jobs = new JobQueue(cleanupJobs, {
          redis: runtime.redis,
          prefix: runtime.config.redis.prefix,
        });
        runtime.onStop({ name: 'job queue', close: () => jobs.close() });
        const { pool, outbox, publisher, log } = runtime;
        const refreshTimeoutMs = config.inputRefreshTimeoutMs ?? DEFAULT_INPUT_REFRESH_TIMEOUT_MS;
        // One connection per process, outside the pool, holds the LISTEN (decision 024).
        const listener = inputRefreshListener(runtime.config.database.url, log);
        listener.start();
        runtime.onStop({ name: 'input refresh listener', close: () => listener.stop() });
        const settings = new SettingsFollower({
          schema: SCHEMA,
          keys: CLEANUP_SETTING_KEYS,
          pool,
          log,
          waitMs: runtime.config.settingsWaitMs ?? 0,
        });
        const dashboardCacheTtlMs = config.dashboardCacheTtlMs ?? 0;
        const deps = { db, pool, outbox, publisher, log, clock, refreshTimeoutMs, listener };
        return {
          ...createServices({ ...deps, settings, dashboardCacheTtlMs }),
          jobs,
          settings,
        };
      },
      // The general settings' projection (docs/decisions/025): settings.changed and the
      // settings.requested of each start.
      settings: (services) => services.settings,
      mount: mountRoutes,
      // internal-api.md 1: request bodies up to 256 KiB, a rule import up to 2 MiB.
      largeBodies: { '/api/rules/import': '2mb' },
      consumers: (runtime, db, services) => [
        taskConsumer(runtime, db, services.jobs),
        mediaConsumer(runtime, db, services.mediaProjection, clock),
        sourceStatusConsumer(runtime, db, services.sourceStatus),
        ruleInputsConsumer(runtime, db, {
          projection: services.mediaProjection,
          refresher: services.refresher,
          tags: services.arrTags,
        }),
        operationOutcomeConsumer(runtime, db, services.operationOutcomes, clock),
        alertConsumer(runtime, db, services.alertIntake),
        // Cleanup's part of weekly_house_keeping.
        housekeepingConsumer(runtime, {
          service: 'cleanup',
          db,
          clock,
          purge: (tx) => services.housekeeping.purge(tx),
        }),
      ],
    },
    config,
    options,
  );
  const { runtime, db, services } = service;
  await startCleanupWorker(runtime, db, services.jobs, services.tasks);
  if (await requestBackfillIfEmpty(service.db, service.runtime.outbox)) {
    service.runtime.log.info('media projection is empty: asked catalog for a backfill');
  }
  return service;
}
