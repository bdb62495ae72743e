import { setTimeout as delay } from 'node:timers/promises';
import {
  serveInternalApi,
  serviceMigrations,
  startedService,
  startRuntime,
  systemClock,
  type Clock,
  type JobQueue,
  type StartedService,
  type StartOptions,
} from '@mcs/kit';
import { createServices, type Services } from './app';
import { type CatalogConfig, DEFAULT_SETTINGS } from './config';
import { createDb, SCHEMA, type Db } from './db';
import type { ClientDefaults } from './integrations/client-factory';
import { DEFAULT_LIMITS } from './integrations/limits';
import type { CatalogJobs } from './jobs/catalogue';
import { startCatalogWorker } from './jobs/worker';
import { commandConsumer } from './messaging/command-consumer';
import { unfinishedOperationIds } from './operations/file-operation.repository';
import { queuedTagCommandIds } from './tags/tags.repository';
import { mediaLinksConsumer } from './media/media-links.consumer';
import { mountRoutes } from './routes';

export type CatalogService = StartedService<Db> & {
  services: Services;
  jobs: JobQueue<CatalogJobs>;
};

export interface CatalogOptions extends StartOptions {
  clock?: Clock;
  /** Integration client defaults (tests make retries instant). */
  clientDefaults?: ClientDefaults;
  /** Waits of the executor (pacing, verification delays); tests pass one that returns. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Starts catalog: runtime, services, the internal API, the command and link consumers and the
 * job worker. Built from the kit's parts rather than startService: the command consumer queues
 * into the job worker, which therefore starts first.
 */
export async function startCatalog(
  config: Pick<CatalogConfig, 'runtime' | 'encryptionKeys'> & Partial<CatalogConfig>,
  options: CatalogOptions = {},
): Promise<CatalogService> {
  const runtime = await startRuntime({
    service: SCHEMA,
    config: config.runtime,
    migrations: serviceMigrations(__dirname),
    handleSignals: options.handleSignals,
  });
  const db = createDb(runtime.pool);
  const services = createServices({
    db,
    pool: runtime.pool,
    outbox: runtime.outbox,
    publisher: runtime.publisher,
    log: runtime.log,
    clock: options.clock ?? systemClock,
    settings: { ...DEFAULT_SETTINGS, ...config.settings },
    encryptionKeys: config.encryptionKeys,
    clientDefaults: { limits: config.upstreamLimits ?? DEFAULT_LIMITS, ...options.clientDefaults },
    sleep: options.sleep ?? ((ms) => delay(ms)),
  });
  const server = await serveInternalApi(runtime, (api) => mountRoutes(api, services));
  const unfinished = { operationIds: unfinishedOperationIds, tagCommandIds: queuedTagCommandIds };
  const jobs = await startCatalogWorker(
    runtime,
    db,
    services,
    unfinished,
    config.jobConcurrency ?? 2,
  );
  for (const consumer of [
    commandConsumer(runtime, db, jobs, services),
    mediaLinksConsumer(runtime, db),
  ]) {
    await consumer.start();
    runtime.onStop({ name: `consumer ${consumer.queue}`, close: () => consumer.stop() });
  }
  runtime.onStop({ name: 'prisma', close: () => db.$disconnect() });
  return { ...startedService(runtime, db, server), services, jobs };
}
