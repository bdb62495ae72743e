import { PrismaPg } from '@prisma/adapter-pg';
import { DEFAULT_TX } from '@mcs/kit';
import type { Pool } from 'pg';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const SCHEMA = 'catalog';

/** Prisma over the runtime's shared pool, bound to this service's schema. */
export function createDb(pool: Pool) {
  return new PrismaClient({
    adapter: new PrismaPg(pool, { schema: SCHEMA }),
    transactionOptions: DEFAULT_TX,
  });
}

export type Db = ReturnType<typeof createDb>;

/**
 * Repositories take the client or an interactive transaction (STYLE 10). Both types come from
 * this service's generated client, so they stay here; the SQL helpers are the kit's.
 */
export type Tx = Prisma.TransactionClient;
export type DbClient = Db | Tx;
