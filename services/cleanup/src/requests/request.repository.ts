import { empty, num, numOrNull, raw, sql, whereAll } from '@mcs/kit';
import type { Target } from '../domain/target';
import type { DbClient, Tx } from '../db';
import {
  columnsOf,
  overlaps,
  targetOf,
  type TargetRow,
  valuesOf,
} from '../targets/target.repository';

/** Protection and delete requests (domain.md 8) share one shape and one set of statements. */
export type RequestKind = 'protection' | 'delete';

export type RequestStatus =
  'pending' | 'approved' | 'completed' | 'failed' | 'denied' | 'canceled' | 'closed';

const TABLE = { protection: raw('protection_requests'), delete: raw('delete_requests') } as const;

export interface RequestRecord extends Target {
  id: number;
  title: string | null;
  year: number | null;
  tmdbId: number | null;
  versionFileName: string | null;
  requestedByUserId: number;
  requestedByName: string | null;
  reason: string | null;
  status: RequestStatus;
  adminNote: string | null;
  decidedByUserId: number | null;
  decidedAt: Date | null;
  closeReason: string | null;
  createdAt: Date;
  /** Protection requests only. */
  durationDays: number | null;
  protectionId: number | null;
  /** Delete requests only. */
  operationId: number | null;
  failureReason: string | null;
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
  status: RequestStatus;
  admin_note: string | null;
  decided_by_user_id: bigint | null;
  decided_at: Date | null;
  close_reason: string | null;
  created_at: Date;
  duration_days?: number | null;
  protection_id?: bigint | null;
  operation_id?: bigint | null;
  failure_reason?: string | null;
}

const select = (kind: RequestKind) => sql`
  SELECT q.*, m.title, m.year, m.tmdb_id, v.file_name AS version_file_name
    FROM ${TABLE[kind]} q
    LEFT JOIN media_items m ON m.media_type = q.media_type AND m.media_id = q.media_id
    LEFT JOIN movie_versions v ON v.id = q.movie_version_id`;

const toRecord = (row: Row): RequestRecord => ({
  ...targetOf(row),
  id: num(row.id),
  title: row.title,
  year: row.year,
  tmdbId: numOrNull(row.tmdb_id),
  versionFileName: row.version_file_name,
  requestedByUserId: num(row.requested_by_user_id),
  requestedByName: row.requested_by_name,
  reason: row.reason,
  status: row.status,
  adminNote: row.admin_note,
  decidedByUserId: numOrNull(row.decided_by_user_id),
  decidedAt: row.decided_at,
  closeReason: row.close_reason,
  createdAt: row.created_at,
  durationDays: row.duration_days ?? null,
  protectionId: numOrNull(row.protection_id ?? null),
  operationId: numOrNull(row.operation_id ?? null),
  failureReason: row.failure_reason ?? null,
});

export async function findRequest(db: DbClient, kind: RequestKind, id: number, lock = false) {
  const rows = await db.$queryRaw<Row[]>`${select(kind)} WHERE q.id = ${id}::bigint
    ${lock ? sql`FOR UPDATE OF q` : empty}`;
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function listRequests(
  db: DbClient,
  kind: RequestKind,
  filters: { status?: RequestStatus; userId?: number },
  page: { limit: number; offset: number },
) {
  const where = whereAll([
    ...(filters.status ? [sql`q.status = ${filters.status}`] : []),
    ...(filters.userId ? [sql`q.requested_by_user_id = ${filters.userId}::bigint`] : []),
  ]);
  const rows = await db.$queryRaw<Row[]>`${select(kind)} ${where}
    ORDER BY q.created_at DESC, q.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`;
  const [count] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM ${TABLE[kind]} q ${where}`;
  return { records: rows.map(toRecord), total: num(count?.n ?? 0n) };
}

/** The user's pending request of this kind overlapping `target`, if any (duplicate_request). */
export async function pendingOverlapping(
  tx: Tx,
  kind: RequestKind,
  target: Target,
  userId: number,
) {
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT q.id FROM ${TABLE[kind]} q
     WHERE q.status = 'pending' AND q.requested_by_user_id = ${userId}::bigint
       AND ${overlaps(columnsOf('q'), valuesOf(target))}
     LIMIT 1`;
  return rows[0] ? num(rows[0].id) : null;
}

export async function insertRequest(
  tx: Tx,
  kind: RequestKind,
  data: {
    target: Target;
    userId: number;
    userName: string | null;
    reason: string | null;
    durationDays?: number | null;
  },
  now: Date,
): Promise<number> {
  const t = data.target;
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO ${TABLE[kind]} (media_type, scope, media_id, movie_version_id, series_id,
        season_id, season_number, episode_id, episode_number, requested_by_user_id,
        requested_by_name, reason, ${kind === 'protection' ? sql`duration_days,` : empty}
        status, created_at, updated_at)
    VALUES (${t.mediaType}, ${t.scope}, ${t.mediaId}::bigint, ${t.movieVersionId}::bigint,
        ${t.seriesId}::bigint, ${t.seasonId}::bigint, ${t.seasonNumber}::int,
        ${t.episodeId}::bigint, ${t.episodeNumber}::int, ${data.userId}::bigint,
        ${data.userName}, ${data.reason},
        ${kind === 'protection' ? sql`${data.durationDays ?? null}::int,` : empty}
        'pending', ${now}, ${now})
    RETURNING id`;
  if (!row) throw new Error('insert returned no row');
  return num(row.id);
}

/** Moves a pending request to its decision. */
export async function decideRequest(
  tx: Tx,
  kind: RequestKind,
  id: number,
  decision: {
    status: 'approved' | 'denied' | 'canceled' | 'closed';
    decidedBy: number | null;
    adminNote?: string | null;
    /** The protection (protection requests) or the operation (delete requests). */
    resultId?: number | null;
    closeReason?: string | null;
  },
  now: Date,
): Promise<void> {
  const result = kind === 'protection' ? raw('protection_id') : raw('operation_id');
  await tx.$executeRaw`
    UPDATE ${TABLE[kind]} SET status = ${decision.status},
        decided_by_user_id = ${decision.decidedBy}::bigint, decided_at = ${now},
        admin_note = coalesce(${decision.adminNote ?? null}, admin_note),
        ${result} = ${decision.resultId ?? null}::bigint,
        close_reason = ${decision.closeReason ?? null}, updated_at = ${now}
     WHERE id = ${id}::bigint AND status = 'pending'`;
}

/** An approved delete request follows its operation's outcome (domain.md 8.2). */
export async function finishDeleteRequest(
  tx: Tx,
  id: number,
  outcome: { status: 'completed' | 'failed'; failureReason: string | null },
  now: Date,
): Promise<void> {
  await tx.$executeRaw`
    UPDATE delete_requests SET status = ${outcome.status},
        failure_reason = ${outcome.failureReason}, updated_at = ${now}
     WHERE id = ${id}::bigint AND status = 'approved'`;
}

/**
 * What left the library: a whole movie or series, one movie version, or the files of some
 * episodes (those of them left without a file count; a replaced file leaves one).
 */
export type RemovedTarget =
  | { mediaType: 'movie' | 'series'; mediaId: number }
  | { movieVersionId: number }
  | { episodeFilesOf: number[] };

/**
 * Pending requests of `kind` whose target left the library are closed with `target_removed`
 * (domain.md 8.1, 8.2): nobody can decide them any more. A request on a whole item closes only
 * with the item; one on a version or an episode file with that part. Returns how many closed.
 */
export async function closeRequestsOf(
  tx: Tx,
  kind: RequestKind,
  removed: RemovedTarget,
  now: Date,
): Promise<number> {
  const target =
    'mediaId' in removed
      ? sql`media_type = ${removed.mediaType} AND media_id = ${removed.mediaId}::bigint`
      : 'movieVersionId' in removed
        ? sql`movie_version_id = ${removed.movieVersionId}::bigint`
        : sql`episode_id = ANY(${removed.episodeFilesOf.map(BigInt)}::bigint[])
              AND NOT EXISTS (SELECT 1 FROM episodes e
                               WHERE e.id = episode_id AND e.episode_file_id IS NOT NULL)`;
  return tx.$executeRaw`
    UPDATE ${TABLE[kind]} SET status = 'closed', close_reason = 'target_removed',
        decided_at = ${now}, updated_at = ${now}
     WHERE status = 'pending' AND ${target}`;
}
