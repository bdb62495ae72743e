import type { Prisma } from '../generated/prisma/client';
import type { Db } from '../db';

type Client = Db | Prisma.TransactionClient;
const withCreator = { createdBy: { select: { id: true, username: true } } } as const;

export type ApiTokenRecord = NonNullable<Awaited<ReturnType<typeof apiTokenRepository.findById>>>;

export const apiTokenRepository = {
  create: (
    db: Client,
    token: {
      name: string;
      prefix: string;
      tokenHash: string;
      scopes: string[];
      expiresAt: Date | null;
      createdById: bigint | null;
    },
  ) => db.apiToken.create({ data: token, include: withCreator }),

  findById: (db: Client, id: bigint) =>
    db.apiToken.findUnique({ where: { id }, include: withCreator }),

  findByPrefix: (db: Client, prefix: string) => db.apiToken.findUnique({ where: { prefix } }),

  list: (db: Client) =>
    db.apiToken.findMany({
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      include: withCreator,
    }),

  /** Soft revoke; a repeat keeps the first revocation time. */
  revoke: (db: Client, id: bigint, now: Date) =>
    db.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } }),

  /** Records use at most once an hour per token (external-api.md 1.3). */
  touchLastUsed: (db: Client, id: bigint, now: Date) =>
    db.apiToken.updateMany({
      where: {
        id,
        OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - 3_600_000) } }],
      },
      data: { lastUsedAt: now },
    }),
};
