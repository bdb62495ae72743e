import type { Pool } from 'pg';
import { holdClient } from './held-client';

/**
 * Runs `work` while holding the session-level PostgreSQL advisory lock `key`, on a connection of
 * its own: two replicas (or two jobs) doing the same long work wait for each other instead of
 * interleaving their writes. The lock goes with the connection if the process dies.
 */
export async function withAdvisoryLock<T>(
  pool: Pool,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  const outcome = await underLock(pool, key, 'pg_advisory_lock', work);
  if (!outcome.acquired) throw new Error(`advisory lock ${key} not taken`);
  return outcome.value;
}

export type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

/**
 * As withAdvisoryLock, but does not wait: when another session holds `key` the work is not run
 * and `{ acquired: false }` comes back at once. For callers that must answer within a deadline
 * and can fall back to the state the lock holder will leave (an on-demand refresh next to a
 * long-running sync).
 */
export function tryWithAdvisoryLock<T>(
  pool: Pool,
  key: string,
  work: () => Promise<T>,
): Promise<LockOutcome<T>> {
  return underLock(pool, key, 'pg_try_advisory_lock', work);
}

/** `work` on a connection of its own holding `key`, taken by `take` (waiting or not). */
async function underLock<T>(
  pool: Pool,
  key: string,
  take: 'pg_advisory_lock' | 'pg_try_advisory_lock',
  work: () => Promise<T>,
): Promise<LockOutcome<T>> {
  const { client, release } = await holdClient(pool);
  try {
    // pg_advisory_lock returns void (''), only pg_try_advisory_lock can answer false.
    const { rows } = await client.query<{ locked: boolean | string }>(
      `SELECT ${take}(hashtext($1)) AS locked`,
      [key],
    );
    if (rows[0]?.locked === false) return { acquired: false };
    try {
      return { acquired: true, value: await work() };
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    release();
  }
}
