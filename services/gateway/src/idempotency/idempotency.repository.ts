import type { SqlClient } from '@mcs/kit';

/** A stored outcome of an idempotent request (external-api.md 1.11). */
export interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** Idempotency records, read and written inside the request's transaction (plain pg). */
export const idempotencyRepository = {
  /**
   * The (token, key) lock until the transaction ends; false when another request holds it. A
   * dead process's transaction ends with its connection, and the lock with it.
   */
  async tryLock(tx: SqlClient, tokenId: number, key: string): Promise<boolean> {
    const [lock] = await tx.$queryRawUnsafe<{ locked: boolean }[]>(
      'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked',
      `${tokenId}:${key}`,
    );
    return lock?.locked === true;
  },

  /** The unexpired record of (token, key), if any. */
  async find(tx: SqlClient, tokenId: number, key: string): Promise<IdempotencyRecord | null> {
    const [record] = await tx.$queryRawUnsafe<IdempotencyRecord[]>(
      'SELECT fingerprint, status, body FROM idempotency_records WHERE token_id = $1 AND key = $2 AND expires_at > now()',
      tokenId,
      key,
    );
    return record ?? null;
  },

  /** Stores the outcome for `retentionHours`, replacing an expired record of the same key. */
  async store(
    tx: SqlClient,
    record: {
      tokenId: number;
      key: string;
      fingerprint: string;
      outcome: { status: number; body: unknown };
    },
    retentionHours: number,
  ): Promise<void> {
    await tx.$executeRawUnsafe(
      `INSERT INTO idempotency_records (token_id, key, fingerprint, status, body, expires_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, now() + make_interval(hours => $6))
       ON CONFLICT (token_id, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, body = EXCLUDED.body,
             created_at = now(), expires_at = EXCLUDED.expires_at`,
      record.tokenId,
      record.key,
      record.fingerprint,
      record.outcome.status,
      JSON.stringify(record.outcome.body),
      retentionHours,
    );
  },
};
