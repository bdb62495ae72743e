import type { Db } from '../db';
import type { Prisma } from '../generated/prisma/client';
import type { UserRecord } from '../users/user.repository';
import type { Role } from '../domain/forward-auth/identity';

type Client = Db | Prisma.TransactionClient;

/**
 * The one write forward-auth needs that the users repository has no method for: a user without
 * a password whose identity the proxy vouches for (auth_provider `proxy`). Lookups and updates
 * go through the users repository.
 */
export const forwardAuthRepository = {
  createProxyUser: (db: Client, username: string, role: Role, now: Date): Promise<UserRecord> =>
    db.user.create({
      data: {
        username,
        passwordHash: null,
        role,
        email: null,
        displayName: username,
        enabled: true,
        authProvider: 'proxy',
        lastLoginAt: now,
      },
    }),
};
