import { createServiceDb, type PgDatabase } from '@mcs/kit';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const { SCHEMA, createDb, createDirect } = createServiceDb('cleanup', PrismaClient);

export type Db = ReturnType<typeof createDb>;
/** Plain pg over the same pool: bulk reads and hot paths (decisions 017, 029). */
export type Direct = PgDatabase;
/** Repositories take the client or an interactive transaction (STYLE 10). */
export type Tx = Prisma.TransactionClient;
export type DbClient = Db | Tx;
