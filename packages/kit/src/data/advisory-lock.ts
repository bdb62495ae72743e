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
