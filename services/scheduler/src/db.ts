import { createServiceDb, type PgDatabase } from '@mcs/kit';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const { SCHEMA, createDb, createDirect } = createServiceDb('scheduler', PrismaClient);

export type Db = ReturnType<typeof createDb>;
/** Repositories take the client or an interactive transaction (STYLE 10). */
export type Tx = Prisma.TransactionClient;
export type DbClient = Db | Tx;
/** Plain pg over the same pool, for hot reads where Prisma's per-query cost dominates. */
export type Direct = PgDatabase;
