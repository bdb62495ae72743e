import {
  createInternalClient,
  JobQueue,
  SecretBox,
  startService,
  systemClock,
  type Clock,
  type Runtime,
  type StartedService,
  type StartOptions,
} from '@mcs/kit';
import { createServices, mountRoutes, type Services } from './app';
import type { WebhooksConfig } from './config';
import { createDb, createDirect, SCHEMA, type Db } from './db';
import { startDelivery } from './delivery/delivery-worker';
import { deliveryJobs } from './delivery/jobs';
import { catalogPathsReader } from './delivery/operation-paths';
import type { Resolve } from './delivery/sender';
import { legacyImportConsumer } from './endpoints/legacy-import.consumer';
import { feedConsumer } from './feed/feed.consumer';
import { notificationsConsumer } from './notifications/notifications.consumer';
import { pruneConsumer } from './prune/prune.consumer';
import { webhookSettings } from './settings/webhook-settings';

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
/** Notification timing when the configuration leaves it out (tests). */
const DEFAULT_NOTIFICATION_TIMING = { timeoutMs: 10_000, retryBaseMs: 30_000 };
/** Catalog's answer is one indexed read; slower means it is in trouble (the attempt retries). */
const PATHS_TIMEOUT_MS = 10_000;

/**
 * The webhooks service: the gapless event feed, endpoints and their deliveries
 * (events-webhooks.md). The delivery worker starts once the service serves and consumes.
 */
export async function startWebhooks(
  config: WebhooksConfig,
  options: WebhooksOptions = {},
): Promise<WebhooksService> {
  const service = await startService(
    {
      service: SCHEMA,
      dir: __dirname,
      prepare: ({ encryptionKeys }) => ({ box: new SecretBox(encryptionKeys) }),
      createDb,
      build: (runtime, db, { box }) => buildServices(runtime, db, box, config, options),
      mount: mountRoutes,
      consumers: (runtime, db, services) => [
        feedConsumer(runtime, services.direct, services.feedStore, (deliveries) =>
          services.delivery.queue.enqueueNew(deliveries),
        ),
        pruneConsumer(runtime, db, services.prune),
        legacyImportConsumer(runtime, db, services.legacyImport),
        notificationsConsumer(runtime, db, services.notifications, () =>
          services.notificationDispatcher.wake(),
        ),
      ],
      settings: (services) => services.settings,
    },
    config,
    options,
  );
  const { runtime, services } = service;
  const concurrency = config.deliveryConcurrency ?? DEFAULT_DELIVERY_CONCURRENCY;
  if (concurrency > 0) {
    startDelivery(runtime, services.delivery, { concurrency });
    // A replica that sends no webhooks sends no notifications either; its consumer still
    // stores them, and the dispatcher of a replica that sends picks them up.
    const dispatcher = services.notificationDispatcher.start();
    runtime.onStop({ name: 'notification dispatcher', close: dispatcher.stop });
  }
  // Last: the consumers and the worker above queue jobs until they have stopped.
  runtime.onStop({ name: 'delivery queue', close: () => services.jobs.close() });
  return service;
}

/** The service objects, plus the plain-pg client and the delivery queue the intake uses. */
function buildServices(
  runtime: Runtime,
  db: Db,
  box: SecretBox,
  config: WebhooksConfig,
  options: WebhooksOptions,
) {
  const direct = createDirect(runtime.pool);
  const jobs = new JobQueue(deliveryJobs, {
    redis: runtime.redis,
    prefix: runtime.config.redis.prefix,
  });
  const services = createServices({
    db,
    direct,
    outbox: runtime.outbox,
    clock: options.clock ?? systemClock,
    log: runtime.log,
    box,
    version: runtime.version,
    jobs,
    random: options.random ?? Math.random,
    resolve: options.resolve,
    notificationTiming: config.notifications ?? DEFAULT_NOTIFICATION_TIMING,
    settings: webhookSettings({
      schema: SCHEMA,
      pool: runtime.pool,
      log: runtime.log,
      waitMs: runtime.config.settingsWaitMs ?? 0,
    }),
    operationPaths:
      config.catalogUrl === undefined
        ? undefined
        : catalogPathsReader(
            createInternalClient({ key: runtime.signingKey, timeoutMs: PATHS_TIMEOUT_MS }),
            config.catalogUrl,
          ),
  });
  return { ...services, direct, jobs };
}
