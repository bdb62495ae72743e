import type { Db } from '../db';
import type { AttemptRow, DeliveryChange } from '../domain/attempt-outcome';

type Current = { status: string; lastStatusCode: number | null; lastError: string | null };

/** An attempt's bookkeeping (events-webhooks.md §4.3 step 5). */
export const attemptRepository = {
  /**
   * Records the attempt, updates the delivery and clears its lease in one transaction. `decide`
   * sees the delivery as it is now (a disable may have canceled it meanwhile). Null, and nothing
   * written, when the lease is no longer this worker's: it expired and another worker claimed
   * the delivery, whose own record will count.
   */
  async record(
    db: Db,
    lease: { deliveryId: bigint; expiresAt: Date },
    decide: (current: Current) => { row: AttemptRow; change: DeliveryChange },
    now: Date,
  ): Promise<{ attemptId: bigint; change: DeliveryChange } | null> {
    return db.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<(Current & { leaseExpiresAt: Date | null })[]>`
        SELECT status, last_status_code AS "lastStatusCode", last_error AS "lastError",
               lease_expires_at AS "leaseExpiresAt"
          FROM deliveries WHERE id = ${lease.deliveryId}
           FOR UPDATE`;
      if (current?.leaseExpiresAt?.getTime() !== lease.expiresAt.getTime()) return null;
      const { row, change } = decide(current);
      const attempt = await tx.deliveryAttempt.create({
        data: { deliveryId: lease.deliveryId, ...row },
        select: { id: true },
      });
      await tx.delivery.update({
        where: { id: lease.deliveryId },
        data: { ...change, leaseExpiresAt: null, updatedAt: now },
      });
      return { attemptId: attempt.id, change };
    });
  },

  /**
   * The endpoint's due delivery that the claim would take next (§4.7), if nothing of the
   * endpoint is in flight; null otherwise.
   */
  async nextDue(db: Db, endpointId: bigint, now: Date): Promise<bigint | null> {
    const [next] = await db.$queryRaw<{ id: bigint }[]>`
      SELECT due.id FROM deliveries AS due
       WHERE due.endpoint_id = ${endpointId} AND due.status = 'pending'
         AND due.next_attempt_at <= ${now}
         AND NOT EXISTS (SELECT 1 FROM deliveries AS busy
                          WHERE busy.endpoint_id = ${endpointId}
                            AND busy.lease_expires_at > ${now})
       ORDER BY due.event_position, due.id
       LIMIT 1`;
    return next?.id ?? null;
  },
};
