import type { Direct } from '../db';
import { escapeLiteral } from 'pg';
import { claimedDelivery, type ClaimedDelivery, type ClaimRow } from './claimed-delivery';
import { LEASE_MARGIN_SECONDS } from './lease';

export type { ClaimedDelivery } from './claimed-delivery';

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
 *
 * The lock and the lease are two statements of one simple query: one round trip and one
 * implicit transaction, which holds the lock until the lease is committed, with the lease
 * statement's snapshot taken after the lock. That protocol takes no parameters, so the two
 * values are inlined: the delivery id is a bigint and the time an ISO string quoted by
 * node-pg's escapeLiteral. A job whose endpoint is busy ends with that one round trip too.
 */
export async function claimNext(db: Direct, deliveryId: bigint, now: Date): Promise<Claim> {
  const delivery = deliveryId.toString();
  const [row] = await db.script<ClaimRow>(`
    SELECT pg_advisory_xact_lock(hashtextextended('webhooks:claim', endpoint_id))
      FROM deliveries WHERE id = ${delivery};
    ${lease(delivery, escapeLiteral(now.toISOString()))}`);
  if (!row) return { kind: 'none' };
  if (row.status === 'canceled') return { kind: 'canceled', deliveryId: BigInt(row.id) };
  return { kind: 'claimed', delivery: claimedDelivery(row) };
}

/**
 * Under the claim lock of delivery `id`'s endpoint: leases the endpoint's first due delivery
 * in feed order (at time `at`, a quoted literal) unless one of its deliveries holds an
 * unexpired lease (any status: a delivery canceled by a disable while in flight still holds
 * its lease), and returns it with what its attempt needs: the endpoint and the event. §4.3 step 2 in the same statement: an endpoint deleted or disabled meanwhile gets no request, its delivery is
 * canceled instead (no lease). `status = 'pending'` is repeated in the UPDATE so that a row
 * changed between the look-up and the update (a concurrent cancel) is re-checked, not leased.
 *
 * Both look-ups stay constant-time however long the backlog (bench/webhooks): the busy test
 * runs once, on the named delivery's row (as a condition of the due rows it ran once per
 * pending delivery: 5 M index probes in a burst of 2 000 events), and the order is the event's
 * position alone, unique within an endpoint (one delivery per event), so the partial index on
 * (endpoint_id, event_position) yields the first due delivery without reading the rest. The
 * endpoint is a value there (a sub-select), not a joined column: only then does PostgreSQL
 * know the index scan comes in that order, instead of sorting the whole backlog.
 */
const lease = (id: string, at: string) => `
  WITH owner AS (
    SELECT endpoint_id AS id FROM deliveries AS named
     WHERE named.id = ${id}
       AND NOT EXISTS (SELECT 1 FROM deliveries AS busy
                        WHERE busy.endpoint_id = named.endpoint_id
                          AND busy.lease_expires_at > ${at}::timestamptz)
  ), due AS (
    SELECT d.id FROM deliveries AS d
     WHERE d.endpoint_id = (SELECT id FROM owner) AND d.status = 'pending'
       AND d.next_attempt_at <= ${at}::timestamptz
     ORDER BY d.event_position
     LIMIT 1
  ), claimed AS (
    UPDATE deliveries AS d
       SET lease_expires_at = CASE WHEN e.enabled AND e.deleted_at IS NULL
                                   THEN ${at}::timestamptz
                                        + make_interval(secs => e.timeout_seconds + ${LEASE_MARGIN_SECONDS})
                              END,
           status = CASE WHEN e.enabled AND e.deleted_at IS NULL THEN d.status ELSE 'canceled' END,
           next_attempt_at = CASE WHEN e.enabled AND e.deleted_at IS NULL THEN d.next_attempt_at END,
           last_error = CASE WHEN e.enabled AND e.deleted_at IS NULL THEN d.last_error
                             WHEN e.deleted_at IS NOT NULL THEN 'Endpoint deleted'
                             ELSE 'Endpoint disabled' END,
           updated_at = ${at}::timestamptz
      FROM due, endpoints AS e
     WHERE d.id = due.id AND d.status = 'pending' AND e.id = d.endpoint_id
    RETURNING d.id, d.endpoint_id, d.event_id, d.round, d.attempts, d.status, d.lease_expires_at,
              e.method, e.url, e.url_template, e.body_template, e.path_mode, e.timeout_seconds,
              e.headers_encrypted, e.auth_username, e.auth_password_encrypted,
              e.signing_secret_encrypted, e.previous_secret_encrypted,
              e.previous_secret_expires_at
  )
  SELECT c.id, c.endpoint_id AS "endpointId", c.event_id AS "eventId", c.round, c.attempts,
         c.status, c.lease_expires_at AS "leaseExpiresAt",
         c.method, c.url, c.url_template AS "urlTemplate", c.body_template AS "bodyTemplate",
         c.path_mode AS "pathMode", c.timeout_seconds AS "timeoutSeconds",
         c.headers_encrypted AS "headersEncrypted", c.auth_username AS "authUsername",
         c.auth_password_encrypted AS "authPasswordEncrypted",
         c.signing_secret_encrypted AS "signingSecretEncrypted",
         c.previous_secret_encrypted AS "previousSecretEncrypted",
         c.previous_secret_expires_at AS "previousSecretExpiresAt",
         ev.payload, ev.actor_type AS "actorType", ev.actor_id AS "actorId",
         ev.operation_id AS "operationId"
    FROM claimed AS c
    JOIN events AS ev ON ev.id = c.event_id`;
