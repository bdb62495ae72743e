import type { Pool, PoolClient } from 'pg';
import type { Database, SqlClient } from './database';

/**
 * The kit's Database interface over a plain pg pool, for code that has no Prisma client (the
 * kit's own tests, operator scripts). Same semantics as Prisma's raw queries: $executeRaw
 * returns the affected row count, $queryRaw the rows.
 */
function clientOf(client: Pool | PoolClient): SqlClient {
  return {
    $executeRawUnsafe: async (query, ...values) =>
      (await client.query(query, values)).rowCount ?? 0,
    $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) =>
      (await client.query(query, values)).rows as T,
  };
}

export function pgDatabase(pool: Pool): Database<SqlClient> {
  return {
    ...clientOf(pool),
    $transaction: async (fn, options) => {
      const client = await pool.connect();
      try {
        await client.query(
          options?.isolationLevel === 'RepeatableRead'
            ? 'BEGIN ISOLATION LEVEL REPEATABLE READ'
            : 'BEGIN',
        );
        const result = await fn(clientOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
