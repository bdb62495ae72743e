import type { Clock, JobQueue, Logger, Outbox, SecretBox } from '@mcs/kit';
import type { Router } from 'express';
import type { Db, Direct } from './db';
import { createDelivery } from './delivery/delivery-worker';
import type { DeliveryJobs } from './delivery/jobs';
import type { OperationPathsReader } from './delivery/operation-paths';
import { send, type Resolve } from './delivery/sender';
import { endpointRoutes } from './endpoints/endpoint.routes';
import { EndpointService } from './endpoints/endpoint.service';
import { EndpointTestService } from './endpoints/endpoint-test.service';
import { LegacyImportService } from './endpoints/legacy-import.service';
import { FeedQuery } from './feed/feed-query.service';
import { feedRoutes } from './feed/feed.routes';
import { FeedStore } from './feed/feed-store.service';
import { historyRoutes } from './history/history.routes';
import { NotificationDispatcher } from './notifications/dispatcher';
import { notificationRoutes } from './notifications/notifications.routes';
import {
  NotificationsService,
  type NotificationTiming,
} from './notifications/notifications.service';
import { HistoryService } from './history/history.service';
import { PruneService } from './prune/prune.service';
import type { WebhookSettings } from './settings/webhook-settings';

export interface ServiceDeps {
  db: Db;
  /** Plain pg over the same pool, for the delivery and intake hot paths. */
  direct: Direct;
  outbox: Outbox;
  clock: Clock;
  log: Logger;
  /** Seals endpoint secrets and headers under the service's encryption key. */
  box: SecretBox;
  /** The service version, for `User-Agent` (§4.12). */
  version: string;
  /** The delivery worker's queue (`webhooks`). */
  jobs: JobQueue<DeliveryJobs>;
  /** The retry jitter's random source, [0, 1). */
  random: () => number;
  /** The delivery sender's resolver; the system's unless a test injects one. */
  resolve?: Resolve;
  /** Catalog's path values of a file operation (§3.3); unset: templates render them empty. */
  operationPaths?: OperationPathsReader;
  /** The general settings it follows (retention, the destination guard, notifications). */
  settings: WebhookSettings;
  /** Notification attempts' deadline and retry unit. */
  notificationTiming: NotificationTiming;
}

/** Notification attempts in flight per replica: a hanging channel holds one for ≤ its deadline. */
const NOTIFICATION_SLOTS = 32;

/** Builds the service objects once, each with only the dependencies it uses (STYLE 10). */
export function createServices(deps: ServiceDeps) {
  const { db, clock, log, box, version, settings } = deps;
  const endpoints = new EndpointService({ db, clock, box, settings });
  const delivery = createDelivery(deps);
  const notifications = new NotificationsService({
    db,
    box,
    clock,
    log,
    settings,
    version,
    send,
    resolve: deps.resolve,
    timing: deps.notificationTiming,
  });
  return {
    feedStore: new FeedStore({ clock }),
    feed: new FeedQuery({ db, direct: deps.direct, clock, settings }),
    prune: new PruneService(deps),
    endpoints,
    legacyImport: new LegacyImportService({ box, clock, log, settings }),
    endpointTests: new EndpointTestService({ db, clock, endpoints, send, version, settings }),
    delivery,
    settings,
    history: new HistoryService({ db, clock, log, enqueue: (ids) => delivery.queue.enqueue(ids) }),
    notifications,
    notificationDispatcher: new NotificationDispatcher({
      notifications,
      log,
      slots: NOTIFICATION_SLOTS,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Every route of the webhooks service, under /api behind the gateway signature. */
export function mountRoutes(api: Router, services: Services): void {
  feedRoutes(api, services);
  endpointRoutes(api, services);
  historyRoutes(api, services);
  notificationRoutes(api, services);
}
