import { createServiceDb } from '@mcs/kit';
import { type Prisma, PrismaClient } from './generated/prisma/client';

export const { SCHEMA, createDb, createDirect } = createServiceDb('catalog', PrismaClient);

export type Db = ReturnType<typeof createDb>;
/** Repositories take the client or an interactive transaction (STYLE 10). */
export type Tx = Prisma.TransactionClient;
export type DbClient = Db | Tx;
