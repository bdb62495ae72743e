import { num, sql } from '@mcs/kit';
import type { DbClient } from '../db';
import { stateCondition } from '../candidates/candidate-state.repository';
import type { AutoDeleteState } from '../domain/auto-delete';

export interface CandidateFigures {
  total: number;
  movies: number;
  series: number;
  byState: Record<AutoDeleteState, number>;
  reclaimableBytes: number;
}

/**
 * Every candidate counted once, by media type and by derived state (the list's own state
 * conditions, so each figure equals `/api/v1/candidates?auto_delete_state=…` total), and the
 * estimated space. One pass over the table: the caller keeps the result for a short while
 * (bench/dashboard/RESULTS.md).
 */
export async function candidateFigures(db: DbClient, now: Date): Promise<CandidateFigures> {
  const [row] = await db.$queryRaw<Record<string, bigint | null>[]>`
    SELECT count(*) AS total,
           count(*) FILTER (WHERE c.media_type = 'movie') AS movies,
           count(*) FILTER (WHERE c.media_type = 'series') AS series,
           count(*) FILTER (WHERE ${stateCondition('disabled', now)}) AS disabled,
           count(*) FILTER (WHERE ${stateCondition('scheduled', now)}) AS scheduled,
           count(*) FILTER (WHERE ${stateCondition('eligible', now)}) AS eligible,
           count(*) FILTER (WHERE ${stateCondition('postponed', now)}) AS postponed,
           count(*) FILTER (WHERE ${stateCondition('canceled', now)}) AS canceled,
           coalesce(sum(c.estimated_space_bytes), 0) AS bytes
      FROM candidates c`;
  const n = (key: string) => num(row?.[key] ?? 0n);
  return {
    total: n('total'),
    movies: n('movies'),
    series: n('series'),
    byState: {
      disabled: n('disabled'),
      scheduled: n('scheduled'),
      eligible: n('eligible'),
      postponed: n('postponed'),
      canceled: n('canceled'),
    },
    reclaimableBytes: n('bytes'),
  };
}

/** Pending protection and delete requests: everyone's (`userId` undefined) or one user's. */
export async function pendingRequests(
  db: DbClient,
  userId: number | undefined,
): Promise<{ protection: number; delete: number }> {
  const mine = userId === undefined ? sql`TRUE` : sql`requested_by_user_id = ${userId}::bigint`;
  const [row] = await db.$queryRaw<{ protection: bigint; delete: bigint }[]>`
    SELECT (SELECT count(*) FROM protection_requests
             WHERE status = 'pending' AND ${mine}) AS protection,
           (SELECT count(*) FROM delete_requests
             WHERE status = 'pending' AND ${mine}) AS delete`;
  return { protection: num(row?.protection ?? 0n), delete: num(row?.delete ?? 0n) };
}

/** The user's unread notices (notices_unread_idx). */
export async function unreadNotices(db: DbClient, userId: number): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM notices WHERE user_id = ${userId}::bigint AND read_at IS NULL`;
  return num(row?.n ?? 0n);
}

/** Alerts not yet resolved (the alert list's `active_only`). */
export async function activeAlerts(db: DbClient): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM alerts WHERE resolved_at IS NULL`;
  return num(row?.n ?? 0n);
}
