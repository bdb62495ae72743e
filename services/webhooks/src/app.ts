import type { Clock, Logger, Outbox } from '@mcs/kit';
import type { Router } from 'express';
import type { Db } from './db';
import { FeedQuery } from './feed/feed-query.service';
import { feedRoutes } from './feed/feed.routes';
import { FeedStore } from './feed/feed-store.service';
import { PruneService } from './prune/prune.service';

/** Builds the service objects once, each with only the dependencies it uses (STYLE 10). */
export function createServices(deps: { db: Db; outbox: Outbox; clock: Clock; log: Logger }) {
  const { db, clock } = deps;
  return {
    feedStore: new FeedStore({ clock }),
    feed: new FeedQuery({ db, clock }),
    prune: new PruneService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;

/** Every route of the webhooks service, under /api behind the gateway signature. */
export function mountRoutes(api: Router, services: Services): void {
  feedRoutes(api, services);
}
