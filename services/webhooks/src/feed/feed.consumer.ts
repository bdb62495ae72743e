import { Consumer, type Runtime } from '@mcs/kit';
import { SCHEMA, type Direct } from '../db';
import { EVENT_TYPES } from '../domain/event-types';
import type { FeedStore } from './feed-store.service';

/**
 * The 11 lifecycle events from cleanup, each stored in the feed once: the kit's inbox drops a
 * redelivered message, and the event id's unique key drops the same event under another
 * message id. The event's deliveries are queued only after the commit (events-webhooks.md
 * §4.1): a job must find its row. If queuing fails, the delivery sweeper queues them.
 */
export function feedConsumer(
  runtime: Runtime,
  db: Direct,
  store: FeedStore,
  enqueue: (deliveryIds: bigint[]) => Promise<void>,
) {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'feed',
    messages: EVENT_TYPES,
    db,
    schema: SCHEMA,
    handler: (message, tx) => store.store(tx, message.payload),
    afterCommit: (stored) => enqueue(stored.deliveryIds),
  });
}
