import { createServiceDb } from '@mcs/kit';
import { PrismaClient } from './generated/prisma/client';

export const { SCHEMA, createDb } = createServiceDb('gateway', PrismaClient);

export type Db = ReturnType<typeof createDb>;
