import type { Clock } from '@mcs/kit';
import type { Tx } from '../db';
import { deliveryRepository } from '../delivery/delivery.repository';
import type { LifecycleEvent } from '../domain/event-types';
import { feedRepository } from './feed.repository';

export interface StoreResult {
  /** The event's feed position; null when the event was stored before (nothing changed). */
  position: bigint | null;
  /** The deliveries created for it, to enqueue after commit. */
  deliveryIds: bigint[];
}

/**
 * Stores lifecycle events in the feed (events-webhooks.md §2.2, §4.1): each once, with its
 * position, and its deliveries, in the caller's transaction.
 */
export class FeedStore {
  constructor(private readonly deps: { clock: Clock }) {}

  async store(tx: Tx, event: LifecycleEvent): Promise<StoreResult> {
    // As late as possible: everything before this point runs without the lock (§2.2).
    await feedRepository.lock(tx);
    const position = await feedRepository.insert(tx, event);
    if (position === null) return { position, deliveryIds: [] };
    const deliveryIds = await deliveryRepository.createForEvent(
      tx,
      { id: event.id, position, type: event.type, mediaType: event.media_type },
      this.deps.clock(),
    );
    return { position, deliveryIds };
  }
}
