import type { Pool, PoolClient, QueryResult } from 'pg';
import type { Database, SqlClient } from './database';
import { holdClient } from './held-client';

/**
 * The kit's Database interface over a plain pg pool: for code that has no Prisma client (the
 * kit's own tests, operator scripts) and for a service's hot paths and bulk reads (`direct`):
 * each statement through Prisma's client costs several times its round trip in CPU, and each
 * round trip is a socket write that costs more than the statement (bench/webhooks/RESULTS.md).
 * Same semantics as Prisma's raw queries: $executeRaw returns the affected row count,
 * $queryRaw the rows, as node-pg reads them (BIGINT as text).
 */
export interface PgDatabase extends Database<SqlClient> {
  /**
   * Several statements in one round trip (the simple query protocol, so no parameters: the
   * caller inlines literals it built itself). PostgreSQL runs them as one implicit
   * transaction, each statement with a fresh snapshot; an error rolls all of them back.
   * Returns the last statement's rows.
   */
  script<T>(text: string): Promise<T[]>;
}

function clientOf(client: Pool | PoolClient): SqlClient {
  return {
    $executeRawUnsafe: async (query, ...values) =>
      (await client.query(query, values)).rowCount ?? 0,
    $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) =>
      (await client.query(query, values)).rows as T,
  };
}

export function pgDatabase(pool: Pool): PgDatabase {
  return {
    ...clientOf(pool),
    script: async <T>(text: string): Promise<T[]> => {
      type Row = Record<string, unknown>;
      // node-pg answers a query of several statements with one result per statement.
      const result: QueryResult<Row> | QueryResult<Row>[] = await pool.query<Row>(text);
      const last = ([] as QueryResult<Row>[]).concat(result).at(-1);
      return (last?.rows ?? []) as T[];
    },
    $transaction: async (fn, options) => {
      const { client, release } = await holdClient(pool);
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
        release();
      }
    },
  };
}
