import {
  createInternalClient,
  JobQueue,
  SecretBox,
  serveInternalApi,
  serviceMigrations,
  startedService,
  startRuntime,
  systemClock,
  type Clock,
  type StartedService,
  type StartOptions,
} from '@mcs/kit';
import { createServices, mountRoutes, type Services } from './app';
import type { WebhooksConfig } from './config';
import { createDb, createDirect, SCHEMA, type Db } from './db';
import { startDelivery } from './delivery/delivery.worker';
import { deliveryJobs } from './delivery/jobs';
import { catalogPathsReader } from './delivery/operation-paths';
import type { Resolve } from './delivery/sender';
import { feedConsumer } from './feed/feed.consumer';
import { pruneConsumer } from './prune/prune.consumer';

export type WebhooksService = StartedService<Db> & { services: Services };

export interface WebhooksOptions extends StartOptions {
  clock?: Clock;
  /** The retry jitter's random source (tests pin it). */
  random?: () => number;
  /** The delivery sender's resolver (tests point host names at local receivers). */
  resolve?: Resolve;
}

/** Concurrent attempts per replica: each waits on a receiver, not on this process. */
const DEFAULT_DELIVERY_CONCURRENCY = 16;
/** Catalog's answer is one indexed read; slower means it is in trouble (the attempt retries). */
const PATHS_TIMEOUT_MS = 10_000;

/**
 * The webhooks service: the gapless event feed, endpoints and their deliveries
 * (events-webhooks.md). Built from the kit's parts rather than startService, which has no
 * place yet for the delivery worker and its queue.
 */
export async function startWebhooks(
  config: WebhooksConfig,
  options: WebhooksOptions = {},
): Promise<WebhooksService> {
  const runtime = await startRuntime({
    service: SCHEMA,
    config: config.runtime,
    migrations: serviceMigrations(__dirname),
    handleSignals: options.handleSignals,
  });
  const db = createDb(runtime.pool);
  runtime.onStop({ name: 'prisma', close: () => db.$disconnect() });
  const jobs = new JobQueue(deliveryJobs, {
    redis: runtime.redis,
    prefix: runtime.config.redis.prefix,
  });
  const direct = createDirect(runtime.pool);
  const services = createServices({
    db,
    direct,
    outbox: runtime.outbox,
    clock: options.clock ?? systemClock,
    log: runtime.log,
    box: new SecretBox(config.encryptionKeys),
    version: runtime.version,
    jobs,
    random: options.random ?? Math.random,
    resolve: options.resolve,
    operationPaths:
      config.catalogUrl === undefined
        ? undefined
        : catalogPathsReader(
            createInternalClient({ key: runtime.signingKey, timeoutMs: PATHS_TIMEOUT_MS }),
            config.catalogUrl,
          ),
  });
  const server = await serveInternalApi(runtime, (api) => mountRoutes(api, services));
  for (const intake of [
    feedConsumer(runtime, direct, services.feedStore, (deliveries) =>
      services.delivery.queue.enqueueNew(deliveries),
    ),
    pruneConsumer(runtime, db, services.prune),
  ]) {
    await intake.start();
    runtime.onStop({ name: intake.queue, close: () => intake.stop() });
  }
  const concurrency = config.deliveryConcurrency ?? DEFAULT_DELIVERY_CONCURRENCY;
  if (concurrency > 0) startDelivery(runtime, services.delivery, { concurrency });
  // Last: the consumers and the worker above queue jobs until they have stopped.
  runtime.onStop({ name: 'delivery queue', close: () => jobs.close() });
  return { ...startedService(runtime, db, server), services };
}
