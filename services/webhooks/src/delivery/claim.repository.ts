import type { Db, Tx } from '../db';
import { numOrNull } from '@mcs/kit';
import type { EventActor, EventPayload } from '../domain/event-types';
import type { TemplateEvent } from '../domain/template-context';
import type { Endpoint } from '../generated/prisma/client';
import { LEASE_MARGIN_SECONDS } from './lease';

/** A delivery this worker leased, with what its attempt needs. */
export interface ClaimedDelivery {
  id: bigint;
  endpointId: bigint;
  round: number;
  /** Attempts made in this round before this one. */
  attempts: number;
  /** This claim's lease; recording the attempt requires it to be still ours. */
  leaseExpiresAt: Date;
  endpoint: Endpoint;
  /** The event ID: the `webhook-id` of every attempt (§4.11). */
  eventId: string;
  event: TemplateEvent;
}

export type Claim =
  | { kind: 'claimed'; delivery: ClaimedDelivery }
  /** The endpoint was disabled or deleted: the delivery is now `canceled`, nothing was sent. */
  | { kind: 'canceled'; deliveryId: bigint }
  /** Nothing of the endpoint is due, or one of its deliveries is in flight. */
  | { kind: 'none' };

/**
 * The claim (events-webhooks.md §4.3 step 1, §4.7). The job names a delivery; the claim takes
 * the lowest-position due delivery of that delivery's endpoint, so first attempts reach an
 * endpoint in feed order whichever job runs first.
 *
 * Why an advisory lock per endpoint and not one UPDATE … WHERE NOT EXISTS (… leased sibling)
 * … FOR UPDATE SKIP LOCKED: under READ COMMITTED two workers claiming different deliveries of
 * one endpoint each see no leased sibling (the other's lease is not committed yet) and each
 * lock a different row, so both would win. The rule spans rows, so it needs a lock that spans
 * them: a transaction-scoped lock per endpoint serialises claims of that endpoint only (other
 * endpoints claim in parallel), and the next claimer, once it gets the lock, sees the committed
 * lease in its next statement's snapshot.
 */
export async function claimNext(db: Db, deliveryId: bigint, now: Date): Promise<Claim> {
  return db.$transaction(async (tx) => {
    const [owner] = await tx.$queryRaw<{ endpoint_id: bigint }[]>`
      SELECT endpoint_id FROM deliveries WHERE id = ${deliveryId}`;
    if (!owner) return { kind: 'none' };
    const endpointId = owner.endpoint_id;
    await tx.$executeRaw`
      SELECT pg_advisory_xact_lock(hashtextextended('webhooks:claim', ${endpointId}))`;
    const [leased] = await tx.$queryRaw<{ id: bigint }[]>`
      UPDATE deliveries AS d
         SET lease_expires_at = ${now}::timestamptz
               + make_interval(secs => e.timeout_seconds + ${LEASE_MARGIN_SECONDS}),
             updated_at = ${now}
        FROM endpoints AS e
       WHERE e.id = d.endpoint_id
         AND d.id = (SELECT due.id FROM deliveries AS due
                      WHERE due.endpoint_id = ${endpointId} AND due.status = 'pending'
                        AND due.next_attempt_at <= ${now}
                      ORDER BY due.event_position, due.id
                      LIMIT 1)
         -- Any status: a delivery canceled by a disable while in flight still holds its lease.
         AND NOT EXISTS (SELECT 1 FROM deliveries AS busy
                          WHERE busy.endpoint_id = ${endpointId}
                            AND busy.lease_expires_at > ${now})
      RETURNING d.id`;
    if (!leased) return { kind: 'none' };
    return recheck(tx, leased.id, now);
  });
}

/** §4.3 step 2, under the claim: a disabled or deleted endpoint gets no request. */
async function recheck(tx: Tx, id: bigint, now: Date): Promise<Claim> {
  const row = await tx.delivery.findUniqueOrThrow({ where: { id }, include: { endpoint: true } });
  const { endpoint } = row;
  if (endpoint.deletedAt !== null || !endpoint.enabled) {
    await tx.delivery.update({
      where: { id },
      data: {
        status: 'canceled',
        nextAttemptAt: null,
        leaseExpiresAt: null,
        lastError: endpoint.deletedAt !== null ? 'Endpoint deleted' : 'Endpoint disabled',
        updatedAt: now,
      },
    });
    return { kind: 'canceled', deliveryId: id };
  }
  const { leaseExpiresAt } = row;
  if (leaseExpiresAt === null) throw new Error('A claimed delivery has no lease.');
  // The stored record was validated against its contract when the feed stored it.
  const [event] = await tx.$queryRaw<StoredEvent[]>`
    SELECT payload, actor_type AS "actorType", actor_id AS "actorId"
      FROM events WHERE id = ${row.eventId}::uuid`;
  if (!event) throw new Error('A delivery without its event.');
  return {
    kind: 'claimed',
    delivery: {
      id,
      endpointId: row.endpointId,
      round: row.round,
      attempts: row.attempts,
      leaseExpiresAt,
      endpoint,
      eventId: row.eventId,
      event: {
        payload: event.payload,
        actor: { type: event.actorType, id: numOrNull(event.actorId) },
      },
    },
  };
}

interface StoredEvent {
  payload: EventPayload;
  actorType: EventActor['type'];
  actorId: bigint | null;
}
