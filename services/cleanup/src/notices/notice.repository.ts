import { num } from '@mcs/kit';
import type { DbClient, Tx } from '../db';
import type { NoticeDraft, NoticeLevel } from '../domain/notices';

export interface NoticeRecord {
  id: number;
  level: NoticeLevel;
  title: string;
  message: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}

interface Row {
  id: bigint;
  level: NoticeLevel;
  title: string;
  message: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
  total: bigint;
}

export async function addNotice(tx: Tx, notice: NoticeDraft, now: Date): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO notices (user_id, level, title, message, link, created_at)
    VALUES (${notice.userId}, ${notice.level}, ${notice.title}, ${notice.message},
            ${notice.link}, ${now})`;
}

/** A page of one user's notices, newest first, with the total the filters match. */
export async function listNotices(
  db: DbClient,
  userId: number,
  filters: { unreadOnly: boolean },
  page: { limit: number; offset: number },
): Promise<{ records: NoticeRecord[]; total: number }> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT id, level, title, message, link, created_at, read_at, count(*) OVER () AS total
      FROM notices
     WHERE user_id = ${userId} AND (${!filters.unreadOnly} OR read_at IS NULL)
     ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
  const total = rows[0] ? num(rows[0].total) : await countNotices(db, userId, filters);
  return {
    records: rows.map((row) => ({
      id: num(row.id),
      level: row.level,
      title: row.title,
      message: row.message,
      link: row.link,
      createdAt: row.created_at,
      readAt: row.read_at,
    })),
    total,
  };
}

/** A page past the end still reports the total. */
async function countNotices(db: DbClient, userId: number, filters: { unreadOnly: boolean }) {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM notices
     WHERE user_id = ${userId} AND (${!filters.unreadOnly} OR read_at IS NULL)`;
  return num(row?.n ?? 0n);
}

/** Marks the user's unread notices read: the listed ones, or all. Returns how many changed. */
export async function markNoticesRead(
  db: DbClient,
  userId: number,
  which: { ids: number[] } | 'all',
  now: Date,
): Promise<number> {
  const ids = which === 'all' ? null : which.ids;
  return db.$executeRaw`
    UPDATE notices SET read_at = ${now}
     WHERE user_id = ${userId} AND read_at IS NULL
       AND (${ids}::bigint[] IS NULL OR id = ANY(${ids}::bigint[]))`;
}

/** Housekeeping (domain.md 9): notices older than 90 days go, read or not. */
export async function purgeOldNotices(tx: Tx, now: Date): Promise<number> {
  return tx.$executeRaw`
    DELETE FROM notices WHERE created_at < ${now}::timestamptz - interval '90 days'`;
}
