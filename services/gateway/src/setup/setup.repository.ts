import type { Db } from '../db';
import type { Prisma } from '../generated/prisma/client';

type Client = Db | Prisma.TransactionClient;

/** Whether first-run setup happened: one row in a single-row table. */
export const setupRepository = {
  isComplete: async (db: Client) => (await db.setupState.count()) > 0,

  /** The single-row table makes two concurrent setups collide on its primary key (P2002). */
  markComplete: async (tx: Client) => {
    await tx.setupState.create({ data: { id: 1 } });
  },
};
