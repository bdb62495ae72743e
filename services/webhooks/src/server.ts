import {
  startService,
  systemClock,
  type Clock,
  type StartedService,
  type StartOptions,
} from '@mcs/kit';
import { createServices, mountRoutes, type Services } from './app';
import type { WebhooksConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';
import { feedConsumer } from './feed/feed.consumer';
import { pruneConsumer } from './prune/prune.consumer';

export type WebhooksService = StartedService<Db> & { services: Services };

/** The webhooks service: the gapless event feed and its deliveries (events-webhooks.md). */
export const startWebhooks = (
  config: WebhooksConfig,
  options: StartOptions & { clock?: Clock } = {},
): Promise<WebhooksService> => {
  const clock = options.clock ?? systemClock;
  return startService(
    {
      service: SCHEMA,
      dir: __dirname,
      createDb,
      build: (runtime, db) =>
        createServices({ db, outbox: runtime.outbox, clock, log: runtime.log }),
      mount: mountRoutes,
      consumers: (runtime, db, services) => [
        feedConsumer(runtime, db, services.feedStore),
        pruneConsumer(runtime, db, services.prune),
      ],
    },
    config,
    options,
  );
};
