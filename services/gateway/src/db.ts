import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from 'pg';
import { PrismaClient } from './generated/prisma/client';

export const SCHEMA = 'gateway';

/** Prisma over the runtime's shared pool, bound to this service's schema. */
export function createDb(pool: Pool) {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema: SCHEMA }) });
}

export type Db = ReturnType<typeof createDb>;
