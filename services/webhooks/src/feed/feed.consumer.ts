import { Consumer, type Runtime } from '@mcs/kit';
import { SCHEMA, type Db } from '../db';
import { EVENT_TYPES } from '../domain/event-types';
import type { FeedStore } from './feed-store.service';

/**
 * The 11 lifecycle events from cleanup, each stored in the feed once: the kit's inbox drops a
 * redelivered message, and the event id's unique key drops the same event under another
 * message id.
 */
export function feedConsumer(runtime: Runtime, db: Db, store: FeedStore) {
  return new Consumer(runtime.broker, runtime.names, runtime.log, {
    service: SCHEMA,
    name: 'feed',
    messages: EVENT_TYPES,
    db,
    schema: SCHEMA,
    handler: async (message, tx) => {
      await store.store(tx, message.payload);
    },
  });
}
