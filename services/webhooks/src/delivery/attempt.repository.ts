import type { SqlClient } from '@mcs/kit';
import type { AttemptRecord } from '../domain/attempt-outcome';

/** The delivery as the attempt left it, and who is next on its endpoint. */
export interface Recorded {
  attemptId: bigint;
  status: string;
  /** Set while the delivery waits for a retry. */
  nextAttemptAt: Date | null;
  /**
   * The endpoint's next due delivery as the recording statement saw it (its snapshot predates
   * the commit); null when it saw none, which a look-up after the commit must confirm.
   */
  nextDue: bigint | null;
}

/** An attempt's bookkeeping (events-webhooks.md §4.3 step 5). */
export const attemptRepository = {
  /**
   * Records the attempt, updates the delivery and clears its lease in one statement (one
   * implicit transaction). Null, and nothing written, when the lease is no longer this
   * worker's: it expired and another worker claimed the delivery, whose own record will count.
   */
  async record(
    db: SqlClient,
    lease: { deliveryId: bigint; expiresAt: Date },
    record: AttemptRecord,
    now: Date,
  ): Promise<Recorded | null> {
    const { row, change } = record;
    const [recorded] = await db.$queryRawUnsafe<RecordRow[]>(
      RECORD,
      lease.deliveryId,
      lease.expiresAt,
      record.overridesCancel,
      change.status,
      change.lastStatusCode,
      change.lastError,
      change.nextAttemptAt,
      change.attempts,
      change.deliveredAt,
      now,
      row.round,
      row.startedAt,
      row.durationMs,
      row.outcome,
      row.retryAfterSeconds,
    );
    if (!recorded) return null;
    return {
      attemptId: BigInt(recorded.attemptId),
      status: recorded.status,
      nextAttemptAt: recorded.nextAttemptAt,
      nextDue: recorded.nextDue === null ? null : BigInt(recorded.nextDue),
    };
  },

  /**
   * The endpoint's due delivery that the claim would take next (§4.7), if nothing of the
   * endpoint is in flight; null otherwise.
   */
  async nextDue(db: SqlClient, endpointId: bigint, now: Date): Promise<bigint | null> {
    const [next] = await db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT due.id FROM deliveries AS due
        WHERE due.endpoint_id = $1::bigint AND due.status = 'pending'
          AND due.next_attempt_at <= $2::timestamptz
          AND NOT EXISTS (SELECT 1 FROM deliveries AS busy
                           WHERE busy.endpoint_id = $1::bigint
                             AND busy.lease_expires_at > $2::timestamptz)
        ORDER BY due.event_position
        LIMIT 1`,
      endpointId,
      now,
    );
    return next ? BigInt(next.id) : null;
  },
};

interface RecordRow {
  attemptId: string;
  status: string;
  nextAttemptAt: Date | null;
  nextDue: string | null;
}

/**
 * $1 delivery, $2 its lease (the UPDATE waits for a concurrent claim of the row and re-checks
 * the lease on the row it left), $3 overridesCancel, $4–$9 the change, $10 now, $11–$15 the
 * rest of the attempt row. SET reads the row as it was: a delivery still `pending` takes the
 * change in full; one canceled meanwhile (§4.9) only a delivered one, and never a next attempt.
 * The attempt row stores the next attempt the delivery actually got.
 *
 * The next-due look-up rides along to save a round trip per attempt; it reads the statement's
 * snapshot, where this delivery still holds its lease, hence `<> r.id`.
 */
const RECORD = `
  WITH recorded AS (
    UPDATE deliveries
       SET status = CASE WHEN status = 'pending' OR $3::boolean THEN $4::text ELSE status END,
           last_status_code = CASE WHEN status = 'pending' OR $3::boolean THEN $5::int
                                   ELSE last_status_code END,
           last_error = CASE WHEN status = 'pending' OR $3::boolean THEN $6::text
                             ELSE last_error END,
           next_attempt_at = CASE WHEN status = 'pending' THEN $7::timestamptz END,
           attempts = $8::int,
           delivered_at = $9::timestamptz,
           lease_expires_at = NULL,
           updated_at = $10::timestamptz
     WHERE id = $1::bigint AND lease_expires_at = $2::timestamptz
    RETURNING id, endpoint_id, status, next_attempt_at
  ), attempt AS (
    INSERT INTO delivery_attempts (delivery_id, round, number, started_at, duration_ms,
                                   status_code, outcome, error, retry_after_seconds,
                                   next_attempt_at)
    SELECT id, $11::int, $8::int, $12::timestamptz, $13::int, $5::int, $14::text, $6::text,
           $15::int, next_attempt_at
      FROM recorded
    RETURNING id
  )
  SELECT a.id AS "attemptId", r.status, r.next_attempt_at AS "nextAttemptAt",
         (SELECT due.id FROM deliveries AS due
           WHERE due.endpoint_id = r.endpoint_id AND due.id <> r.id AND due.status = 'pending'
             AND due.next_attempt_at <= $10::timestamptz
             AND NOT EXISTS (SELECT 1 FROM deliveries AS busy
                              WHERE busy.endpoint_id = r.endpoint_id AND busy.id <> r.id
                                AND busy.lease_expires_at > $10::timestamptz)
           ORDER BY due.event_position
           LIMIT 1) AS "nextDue"
    FROM recorded AS r, attempt AS a`;
