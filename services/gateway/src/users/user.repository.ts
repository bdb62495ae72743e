import type { Prisma } from '../generated/prisma/client';
import type { Db } from '../db';

type Client = Db | Prisma.TransactionClient;
export type UserRecord = NonNullable<Awaited<ReturnType<Db['user']['findUnique']>>>;

export interface NewUser {
  username: string;
  passwordHash: string;
  role: 'admin' | 'user';
  email: string | null;
  displayName: string;
  enabled: boolean;
}

export const userRepository = {
  async findByUsername(db: Client, username: string): Promise<UserRecord | null> {
    const rows = await db.$queryRaw<
      { id: bigint }[]
    >`SELECT id FROM users WHERE lower(username) = lower(${username})`;
    return rows[0] ? db.user.findUnique({ where: { id: rows[0].id } }) : null;
  },

  findById: (db: Client, id: bigint) => db.user.findUnique({ where: { id } }),

  /** The single sign-on account of a provider's subject (issuer + `sub`). */
  findByOidcIdentity: (db: Client, issuer: string, subject: string) =>
    db.user.findFirst({ where: { oidcIssuer: issuer, oidcSubject: subject } }),

  /**
   * An account that signs in elsewhere only, without a password: through OIDC (linked to its
   * issuer and subject) or through a trusted forward-auth proxy (by username).
   */
  createExternal: (
    db: Client,
    user: Omit<NewUser, 'passwordHash'> &
      (
        | { authProvider: 'oidc'; oidcIssuer: string; oidcSubject: string }
        | { authProvider: 'proxy'; lastLoginAt: Date }
      ),
  ) => db.user.create({ data: { ...user, passwordHash: null } }),

  create: (db: Client, user: NewUser) => db.user.create({ data: user }),

  update: (db: Client, id: bigint, data: Prisma.UserUpdateInput) =>
    db.user.update({ where: { id }, data: { ...data, updatedAt: new Date() } }),

  delete: (db: Client, id: bigint) => db.user.delete({ where: { id } }),

  countEnabledAdmins: (db: Client) => db.user.count({ where: { role: 'admin', enabled: true } }),

  /**
   * Serialises changes that may leave no enabled administrator, across replicas, until the
   * transaction ends: counting the admins and then writing cannot interleave with another such
   * change (two admins demoting each other would otherwise both see two admins).
   */
  lockAdminChanges: (tx: Prisma.TransactionClient) =>
    tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('gateway:last_admin', 0))`,

  async page(
    db: Client,
    filter: { search?: string; role?: string },
    page: number,
    perPage: number,
  ) {
    const where: Prisma.UserWhereInput = {
      ...(filter.role ? { role: filter.role } : {}),
      ...(filter.search
        ? {
            OR: [
              { username: { contains: filter.search, mode: 'insensitive' } },
              { displayName: { contains: filter.search, mode: 'insensitive' } },
              { email: { contains: filter.search, mode: 'insensitive' } },
            ],
          }
        : {}),
    };
    const [items, total] = await Promise.all([
      db.user.findMany({
        where,
        orderBy: [{ username: 'asc' }, { id: 'asc' }],
        skip: (page - 1) * perPage,
        take: perPage,
      }),
      db.user.count({ where }),
    ]);
    return { items, total };
  },
};
