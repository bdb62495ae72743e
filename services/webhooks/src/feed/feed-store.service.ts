import type { Clock, SqlClient } from '@mcs/kit';
import type { LifecycleEvent } from '../domain/event-types';
import { feedRepository, type StoredEvent } from './feed.repository';

export type StoreResult = StoredEvent;

/**
 * Stores lifecycle events in the feed (events-webhooks.md §2.2, §4.1): each once, with its
 * position, and its deliveries, in the caller's transaction (Prisma's or plain pg: the feed
 * consumer uses plain pg, whose statements cost less CPU on this hot path).
 */
export class FeedStore {
  constructor(private readonly deps: { clock: Clock }) {}

  /** As late as possible in the caller's transaction: it takes the feed lock (§2.2). */
  async store(tx: SqlClient, event: LifecycleEvent): Promise<StoreResult> {
    const [stored] = await this.storeAll(tx, [event]);
    return stored as StoreResult;
  }

  /**
   * Several events in one statement, positioned in the order given; one result each. The feed
   * lock is then held for one statement and one commit for all of them.
   */
  async storeAll(tx: SqlClient, events: readonly LifecycleEvent[]): Promise<StoreResult[]> {
    return feedRepository.store(tx, events, this.deps.clock());
  }
}
