import type { Db } from '../db';

export const sessionRepository = {
  create: (
    db: Db,
    session: { idHash: string; userId: bigint; csrfToken: string; expiresAt: Date },
  ) => db.session.create({ data: session }),

  find: (db: Db, idHash: string) =>
    db.session.findUnique({ where: { idHash }, include: { user: true } }),

  extend: (db: Db, idHash: string, now: Date, expiresAt: Date) =>
    db.session.update({ where: { idHash }, data: { lastSeenAt: now, expiresAt } }),

  delete: (db: Db, idHash: string) => db.session.deleteMany({ where: { idHash } }),

  /** Ends a user's sessions, optionally keeping one (the acting session). */
  deleteForUser: (db: Db, userId: bigint, keep?: string) =>
    db.session.deleteMany({ where: { userId, ...(keep ? { idHash: { not: keep } } : {}) } }),
};
