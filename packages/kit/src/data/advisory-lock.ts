import type { Pool } from 'pg';

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
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    client.release();
  }
}

export type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

/**
 * As withAdvisoryLock, but does not wait: when another session holds `key` the work is not run
 * and `{ acquired: false }` comes back at once. For callers that must answer within a deadline
 * and can fall back to the state the lock holder will leave (an on-demand refresh next to a
 * long-running sync).
 */
export async function tryWithAdvisoryLock<T>(
  pool: Pool,
  key: string,
  work: () => Promise<T>,
): Promise<LockOutcome<T>> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
      [key],
    );
    if (!rows[0]?.locked) return { acquired: false };
    try {
      return { acquired: true, value: await work() };
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    client.release();
  }
}
