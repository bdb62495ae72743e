import type { Outbox } from '@mcs/kit';
import type { Db } from '../db';

/**
 * First start (or a wiped projection): ask catalog to publish the facts of every live item
 * again (architecture.md: projections are rebuilt from a bulk backfill). The advisory lock and
 * the request kept in the outbox (an hour after publishing) stop replicas starting together
 * from asking twice; a repeated request would be harmless anyway, because the projection
 * applies facts by their `as_of`.
 */
export async function requestBackfillIfEmpty(db: Db, outbox: Outbox): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('cleanup.media_backfill'))`;
    if ((await tx.mediaItem.count()) > 0) return false;
    const pending = await tx.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM outbox WHERE routing_key = 'catalog.media.backfill'`;
    if (Number(pending[0]?.n ?? 0) > 0) return false;
    await outbox.add(tx, 'catalog.media.backfill', {
      requested_by_service: 'cleanup',
      since: null,
    });
    return true;
  });
}
