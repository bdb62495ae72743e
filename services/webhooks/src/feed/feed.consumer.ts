import { BatchConsumer, type Runtime } from '@mcs/kit';
import { SCHEMA, type Direct } from '../db';
import { EVENT_TYPES } from '../domain/event-types';
import type { FeedStore, StoreResult } from './feed-store.service';

/**
 * Messages the broker hands out before any is acked. The consumer stores up to half of them
 * per transaction, so the next batch arrives while one is stored.
 */
const PREFETCH = 200;

/**
 * The 11 lifecycle events from cleanup, each stored in the feed once: the kit's inbox drops a
 * redelivered message, and the event id's unique key drops the same event under another
 * message id. The messages at hand are stored together, in one transaction (BatchConsumer):
 * every writer holds the feed lock to its commit (docs/decisions/010-gapless-feed.md), so
 * the feed takes in as many events per commit as it can. An event's deliveries are queued only
 * after the commit (events-webhooks.md §4.1): a job must find its row. If queuing fails, the
 * delivery sweeper queues them.
 */
export function feedConsumer(
  runtime: Runtime,
  db: Direct,
  store: FeedStore,
  enqueue: (deliveries: StoreResult['deliveries']) => Promise<void>,
) {
  return new BatchConsumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'feed',
    messages: EVENT_TYPES,
    db,
    schema: SCHEMA,
    prefetch: PREFETCH,
    handler: (messages, tx) =>
      store.storeAll(
        tx,
        messages.map((message) => message.payload),
      ),
    afterCommit: (stored) => enqueue(stored.deliveries),
  });
}
