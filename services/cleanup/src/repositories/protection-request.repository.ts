import { empty, num, numOrNull, sql, whereAll } from '@mcs/kit';
import type { Target } from '../domain/target';
import type { DbClient, Tx } from '../db';
import { columnsOf, overlaps, targetOf, type TargetRow, valuesOf } from './target.sql';

export type RequestStatus = 'pending' | 'approved' | 'denied' | 'canceled' | 'closed';

export interface ProtectionRequestRecord extends Target {
  id: number;
  title: string | null;
  year: number | null;
  tmdbId: number | null;
  versionFileName: string | null;
  requestedByUserId: number;
  requestedByName: string | null;
  reason: string | null;
  durationDays: number | null;
  status: RequestStatus;
  adminNote: string | null;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  protectionId: number | null;
  closeReason: string | null;
  createdAt: Date;
}

interface Row extends TargetRow {
  id: bigint;
  title: string | null;
  year: number | null;
  tmdb_id: bigint | null;
  version_file_name: string | null;
  requested_by_user_id: bigint;
  requested_by_name: string | null;
  reason: string | null;
  duration_days: number | null;
  status: RequestStatus;
  admin_note: string | null;
  decided_by_user_id: bigint | null;
  decided_at: Date | null;
  protection_id: bigint | null;
  close_reason: string | null;
  created_at: Date;
}

const SELECT = sql`
  SELECT q.*, m.title, m.year, m.tmdb_id, v.file_name AS version_file_name
    FROM protection_requests q
    LEFT JOIN media_items m ON m.media_type = q.media_type AND m.media_id = q.media_id
    LEFT JOIN movie_versions v ON v.id = q.movie_version_id`;

const toRecord = (row: Row): ProtectionRequestRecord => ({
  ...targetOf(row),
  id: num(row.id),
  title: row.title,
  year: row.year,
  tmdbId: numOrNull(row.tmdb_id),
  versionFileName: row.version_file_name,
  requestedByUserId: num(row.requested_by_user_id),
  requestedByName: row.requested_by_name,
  reason: row.reason,
  durationDays: row.duration_days,
  status: row.status,
  adminNote: row.admin_note,
  decidedByUserId: numOrNull(row.decided_by_user_id),
  decidedAt: row.decided_at,
  protectionId: numOrNull(row.protection_id),
  closeReason: row.close_reason,
  createdAt: row.created_at,
});

export async function findRequest(db: DbClient, id: number, lock = false) {
  const rows = await db.$queryRaw<Row[]>`${SELECT} WHERE q.id = ${id}::bigint
    ${lock ? sql`FOR UPDATE OF q` : empty}`;
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function listRequests(
  db: DbClient,
  filters: { status?: RequestStatus; userId?: number },
  page: { limit: number; offset: number },
) {
  const where = whereAll([
    ...(filters.status ? [sql`q.status = ${filters.status}`] : []),
    ...(filters.userId ? [sql`q.requested_by_user_id = ${filters.userId}::bigint`] : []),
  ]);
  const rows = await db.$queryRaw<Row[]>`${SELECT} ${where}
    ORDER BY q.created_at DESC, q.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
  const [count] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM protection_requests q ${where}`;
  return { records: rows.map(toRecord), total: num(count?.n ?? 0n) };
}

/** The user's pending request overlapping `target`, if any (duplicate_request). */
export async function pendingOverlapping(tx: Tx, target: Target, userId: number) {
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT q.id FROM protection_requests q
     WHERE q.status = 'pending' AND q.requested_by_user_id = ${userId}::bigint
       AND ${overlaps(columnsOf('q'), valuesOf(target))}
     LIMIT 1`;
  return rows[0] ? num(rows[0].id) : null;
}

export async function insertRequest(
  tx: Tx,
  data: {
    target: Target;
    userId: number;
    userName: string | null;
    reason: string | null;
    durationDays: number | null;
  },
  now: Date,
): Promise<number> {
  const t = data.target;
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO protection_requests (media_type, scope, media_id, movie_version_id, series_id,
        season_id, season_number, episode_id, episode_number, requested_by_user_id,
        requested_by_name, reason, duration_days, status, created_at, updated_at)
    VALUES (${t.mediaType}, ${t.scope}, ${t.mediaId}::bigint, ${t.movieVersionId}::bigint,
        ${t.seriesId}::bigint, ${t.seasonId}::bigint, ${t.seasonNumber}::int,
        ${t.episodeId}::bigint, ${t.episodeNumber}::int, ${data.userId}::bigint,
        ${data.userName}, ${data.reason}, ${data.durationDays}::int, 'pending', ${now}, ${now})
    RETURNING id`;
  if (!row) throw new Error('insert returned no row');
  return num(row.id);
}

/** Moves a pending request to its decision. */
export async function decideRequest(
  tx: Tx,
  id: number,
  decision: {
    status: Exclude<RequestStatus, 'pending'>;
    decidedBy: number | null;
    adminNote?: string | null;
    protectionId?: number | null;
    closeReason?: string | null;
  },
  now: Date,
): Promise<void> {
  await tx.$executeRaw`
    UPDATE protection_requests SET status = ${decision.status},
        decided_by_user_id = ${decision.decidedBy}::bigint, decided_at = ${now},
        admin_note = coalesce(${decision.adminNote ?? null}, admin_note),
        protection_id = ${decision.protectionId ?? null}::bigint,
        close_reason = ${decision.closeReason ?? null}, updated_at = ${now}
     WHERE id = ${id}::bigint AND status = 'pending'`;
}
