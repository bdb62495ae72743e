import { PrismaPg } from '@prisma/adapter-pg';
import { DEFAULT_TX, pgDatabase, type Database, type SqlClient } from '@mcs/kit';
import type { Pool, QueryResult } from 'pg';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const SCHEMA = 'webhooks';

/** Prisma over the runtime's shared pool, bound to this service's schema. */
export function createDb(pool: Pool) {
  return new PrismaClient({
    adapter: new PrismaPg(pool, { schema: SCHEMA }),
    transactionOptions: DEFAULT_TX,
  });
}

export type Db = ReturnType<typeof createDb>;

/** Repositories take the client or an interactive transaction (STYLE 10). */
export type Tx = Prisma.TransactionClient;
export type DbClient = Db | Tx;

/**
 * Plain pg over the same pool, for the hot paths (a delivery's claim and record, the feed's
 * intake): each statement through Prisma's client costs several times its round trip in CPU,
 * and each round trip is a socket write that costs more than the statement (profile in
 * bench/webhooks/RESULTS.md). Its rows come as node-pg reads them: BIGINT as text.
 */
export function createDirect(pool: Pool): Direct {
  return {
    ...pgDatabase(pool),
    script: async <T>(text: string): Promise<T[]> => {
      type Row = Record<string, unknown>;
      // node-pg answers a query of several statements with one result per statement.
      const result: QueryResult<Row> | QueryResult<Row>[] = await pool.query<Row>(text);
      const last = ([] as QueryResult<Row>[]).concat(result).at(-1);
      return (last?.rows ?? []) as T[];
    },
  };
}

export interface Direct extends Database<SqlClient> {
  /**
   * Several statements in one round trip (the simple query protocol, so no parameters: the
   * caller inlines literals it built itself). PostgreSQL runs them as one implicit
   * transaction, each statement with a fresh snapshot; an error rolls all of them back.
   * Returns the last statement's rows.
   */
  script<T>(text: string): Promise<T[]>;
}
