import { createServiceDb, type PgDatabase } from '@mcs/kit';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const { SCHEMA, createDb, createDirect } = createServiceDb('webhooks', PrismaClient);

export type Db = ReturnType<typeof createDb>;
/** Repositories take the client or an interactive transaction (STYLE 10). */
export type Tx = Prisma.TransactionClient;
export type DbClient = Db | Tx;
/** Plain pg over the same pool, for the delivery and intake hot paths (decision 015). */
export type Direct = PgDatabase;
