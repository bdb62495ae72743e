import type { Outbox } from '@mcs/kit';
import type { Db } from '../db';
import { backfillNeededLocked } from './media.repository';

/**
 * First start (or a wiped projection): ask catalog to publish the facts of every live item
 * again (architecture.md: projections are rebuilt from a bulk backfill). The advisory lock and
 * the request kept in the outbox (an hour after publishing) stop replicas starting together
 * from asking twice; a repeated request would be harmless anyway, because the projection
 * applies facts by their `as_of`.
 */
export async function requestBackfillIfEmpty(db: Db, outbox: Outbox): Promise<boolean> {
  return db.$transaction(async (tx) => {
    if (!(await backfillNeededLocked(tx))) return false;
    await outbox.add(tx, 'catalog.media.backfill', {
      requested_by_service: 'cleanup',
      since: null,
    });
    return true;
  });
}
