import type { Db } from '../db';

export interface ReleaseCheckRecord {
  latestVersion: string;
  releaseUrl: string | null;
  checkedAt: Date;
}

/** The last successful release check; one row. */
export const releaseCheckRepository = {
  async get(db: Db): Promise<ReleaseCheckRecord | null> {
    return db.releaseCheck.findUnique({
      where: { id: 1 },
      select: { latestVersion: true, releaseUrl: true, checkedAt: true },
    });
  },

  async save(db: Db, record: ReleaseCheckRecord): Promise<void> {
    await db.releaseCheck.upsert({
      where: { id: 1 },
      create: { id: 1, ...record },
      update: record,
    });
  },
};
