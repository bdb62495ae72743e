import { PrismaPg } from '@prisma/adapter-pg';
import { DEFAULT_TX } from '@mcs/kit';
import type { Pool } from 'pg';
import { PrismaClient } from './generated/prisma/client';

export const SCHEMA = 'gateway';

/** Prisma over the runtime's shared pool, bound to this service's schema. */
export function createDb(pool: Pool) {
  return new PrismaClient({
    adapter: new PrismaPg(pool, { schema: SCHEMA }),
    transactionOptions: DEFAULT_TX,
  });
}

export type Db = ReturnType<typeof createDb>;
