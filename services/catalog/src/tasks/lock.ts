import type { Pool } from 'pg';

/**
 * Runs `work` while holding a PostgreSQL advisory lock named `name`, on a connection of its
 * own: two replicas (or two jobs) that sync the same library wait for each other instead of
 * interleaving their writes. The lock goes with the connection if the process dies.
 */
export async function withLock<T>(pool: Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`catalog:${name}`]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`catalog:${name}`]);
    }
  } finally {
    client.release();
  }
}
