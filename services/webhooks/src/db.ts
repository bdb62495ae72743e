import { PrismaPg } from '@prisma/adapter-pg';
import { DEFAULT_TX, pgDatabase, type Database, type SqlClient } from '@mcs/kit';
import type { Pool } from 'pg';
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
 * intake): each statement through Prisma's client costs several times its round trip in CPU
 * (bench/webhooks/RESULTS.md). Its rows come as node-pg reads them: BIGINT as text.
 */
export function createDirect(pool: Pool): Direct {
  return pgDatabase(pool);
}

export type Direct = Database<SqlClient>;
