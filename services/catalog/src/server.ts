import { setTimeout as delay } from 'node:timers/promises';
import {
  SecretBox,
  startService,
  systemClock,
  type Clock,
  type JobQueue,
  type StartedService,
  type StartOptions,
} from '@mcs/kit';
import { createServices, type Services } from './app';
import { type CatalogConfig, DEFAULT_TIMINGS } from './config';
import { createDb, createDirect, SCHEMA, type Db } from './db';
import type { ClientDefaults } from './integrations/client-factory';
import { enrichmentSettingsOf } from './enrichment/enrichment-settings';
import { DEFAULT_LIMITS } from './integrations/limits';
import type { CatalogJobs } from './jobs/catalogue';
import { catalogQueue, startCatalogWorker } from './jobs/worker';
import { commandConsumer } from './messaging/command.consumer';
import { mediaLinksConsumer } from './media/media-links.consumer';
import { mountRoutes } from './routes';
import type { Rename } from './operations/file-move';
import { catalogSettings } from './settings';

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
  /** The rename of moves; tests make it fail as across filesystems (EXDEV). */
  rename?: Rename;
}

/**
 * Starts catalog: runtime, services, the internal API, the command and link consumers, then
 * the job worker. The command consumer queues jobs before the worker runs; they wait in Redis.
 */
export async function startCatalog(
  config: Pick<CatalogConfig, 'runtime' | 'encryptionKeys'> & Partial<CatalogConfig>,
  options: CatalogOptions = {},
): Promise<CatalogService> {
  const service = await startService(
    {
      service: SCHEMA,
      dir: __dirname,
      prepare: ({ encryptionKeys }) => ({ box: new SecretBox(encryptionKeys) }),
      createDb,
      build: (runtime, db, { box }) => {
        const settings = catalogSettings(runtime);
        return {
          ...createServices({
            db,
            direct: createDirect(runtime.pool),
            pool: runtime.pool,
            outbox: runtime.outbox,
            publisher: runtime.publisher,
            log: runtime.log,
            clock: options.clock ?? systemClock,
            settings,
            enrichmentSettings: enrichmentSettingsOf(settings, box),
            timings: { ...DEFAULT_TIMINGS, ...config.timings },
            box,
            clientDefaults: {
              limits: config.upstreamLimits ?? DEFAULT_LIMITS,
              ...options.clientDefaults,
            },
            sleep: options.sleep ?? ((ms) => delay(ms)),
            rename: options.rename,
            dashboardCacheTtlMs: config.dashboardCacheTtlMs ?? 0,
          }),
          jobs: catalogQueue(runtime),
        };
      },
      mount: mountRoutes,
      settings: (services) => services.settings,
      consumers: (runtime, db, services) => [
        commandConsumer(runtime, db, services.jobs, services),
        mediaLinksConsumer(runtime, db, services.media),
      ],
    },
    config,
    options,
  );
  const { runtime, db, services } = service;
  await startCatalogWorker(runtime, db, services.jobs, services, config.jobConcurrency ?? 2);
  return { ...service, jobs: services.jobs };
}
