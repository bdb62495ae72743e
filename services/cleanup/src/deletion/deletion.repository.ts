import { empty, num, sql } from '@mcs/kit';
import type { MessagePayload } from '@mcs/contracts';
import type { OperationPlan } from '../domain/deletion/operation-plan';
import type { OperationSnapshot } from '../operations/file-operation.repository';
import type { Target } from '../domain/target';
import type { DbClient, Tx } from '../db';
import {
  activeAt,
  columnsOf,
  overlaps,
  pendingRequest,
  targetColumns,
  targetOf,
  type TargetRow,
} from '../targets/target.repository';
import { policyOf, type PolicyRow } from '../candidates/candidate-policy.repository';

/** What the deletion run (domain.md 6.1) reads and writes. */

export interface RunCandidate extends Target {
  id: number;
  matchedRuleIds: number[];
  matchedCriteria: Record<string, unknown>;
  deleteOperation: 'delete' | 'move';
  completedAction: string | null;
  failureCount: number;
  configured: boolean;
  delayDays: number;
  createdAt: Date;
  timerStartedAt: Date | null;
  postponedUntil: Date | null;
  cancelledAt: Date | null;
  /** An active protection overlaps the target (5.4; requests are not built yet). */
  blocked: boolean;
  /** A queued, running or verifying operation touches the same movie or overlaps the target. */
  operationPending: boolean;
  /** A pending protection request overlaps the target (the admin decides first). */
  pendingProtectionRequest: boolean;
  /** A pending delete request overlaps the target (the admin decides first). */
  pendingDeleteRequest: boolean;
}

interface Row extends TargetRow, PolicyRow {
  id: bigint;
  matched_rule_ids: bigint[];
  matched_criteria: Record<string, unknown>;
  delete_operation: 'delete' | 'move';
  completed_action: string | null;
  failure_count: number;
  blocked: boolean;
  operation_pending: boolean;
  pending_protection_request: boolean;
  pending_delete_request: boolean;
}

/** Every candidate (or those of `ids`) with what classifying it needs, in id order. */
export async function runCandidates(tx: Tx, now: Date, ids?: number[]): Promise<RunCandidate[]> {
  const c = columnsOf('c');
  const only = ids ? sql`WHERE c.id = ANY(${ids.map(BigInt)}::bigint[])` : empty;
  const rows = await tx.$queryRaw<Row[]>`
    SELECT c.id, c.media_type, c.scope, c.media_id, c.movie_version_id, c.series_id, c.season_id,
           c.season_number, c.episode_id, c.episode_number, c.matched_rule_ids,
           c.matched_criteria, c.delete_operation, c.completed_action, c.failure_count,
           c.auto_delete_configured, c.auto_delete_delay_days, c.created_at,
           c.auto_delete_timer_started_at, c.auto_delete_postponed_until,
           c.auto_delete_cancelled_at,
           EXISTS (SELECT 1 FROM protections p
                    WHERE p.media_type = c.media_type AND p.media_id = c.media_id
                      AND ${activeAt('p', now)} AND ${overlaps(columnsOf('p'), c)}) AS blocked,
           EXISTS (SELECT 1 FROM file_operations o
                    WHERE o.status IN ('queued', 'running', 'verifying')
                      AND o.media_type = c.media_type AND o.media_id = c.media_id
                      AND (c.media_type = 'movie' OR ${overlaps(columnsOf('o'), c)})
                  ) AS operation_pending,
           ${pendingRequest('protection', 'c')} AS pending_protection_request,
           ${pendingRequest('delete', 'c')} AS pending_delete_request
      FROM candidates c ${only}
     ORDER BY c.id
       ${ids ? sql`FOR UPDATE OF c` : empty}`;
  return rows.map((row) => ({
    ...targetOf(row),
    id: num(row.id),
    matchedRuleIds: row.matched_rule_ids.map(num),
    matchedCriteria: row.matched_criteria,
    deleteOperation: row.delete_operation,
    completedAction: row.completed_action,
    failureCount: row.failure_count,
    ...policyOf(row),
    blocked: row.blocked,
    operationPending: row.operation_pending,
    pendingProtectionRequest: row.pending_protection_request,
    pendingDeleteRequest: row.pending_delete_request,
  }));
}

/** Live movie versions plus live episode files: the breaker's denominator (6.2). */
export async function liveFileCount(db: DbClient): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT (SELECT count(*) FROM movie_versions v JOIN media_items m
              ON m.media_type = 'movie' AND m.media_id = v.movie_id AND m.removed_at IS NULL)
         + (SELECT count(*) FROM episode_files f JOIN media_items m
              ON m.media_type = 'series' AND m.media_id = f.series_id AND m.removed_at IS NULL)
           AS n`;
  return row ? num(row.n) : 0;
}

export interface NewOperation {
  candidateId: number | null;
  target: Target;
  plan: OperationPlan;
  trigger: 'auto' | 'manual' | 'delete_request';
  requestedBy: MessagePayload<'catalog.file_operation.execute'>['requested_by'];
  runId: number | null;
  /** The manual request's job (internal-api.md 11); null for automatic runs. */
  jobId: number | null;
  reason: string | null;
  deleteRequestId: number | null;
  snapshot: OperationSnapshot;
}

/** Queued operations, one statement; returns their ids in input order. */
export async function insertOperations(
  tx: Tx,
  operations: NewOperation[],
  now: Date,
): Promise<number[]> {
  if (operations.length === 0) return [];
  const input = operations.map((op, ordinal) => ({
    ordinal,
    candidate_id: op.candidateId,
    ...targetColumns(op.target),
    kind: op.plan.kind,
    arr_action: op.plan.arrAction,
    media_server_action: op.plan.mediaServerAction,
    allowed_arr_service_ids: op.plan.allowedArrServiceIds,
    trigger: op.trigger,
    requested_by_type: op.requestedBy.type,
    requested_by_id: op.requestedBy.id,
    run_id: op.runId,
    job_id: op.jobId,
    reason: op.reason,
    delete_request_id: op.deleteRequestId,
    candidate_snapshot: op.snapshot,
  }));
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    INSERT INTO file_operations (candidate_id, media_type, scope, media_id, movie_version_id,
        series_id, season_id, season_number, episode_id, episode_number, kind, status,
        arr_action, media_server_action, allowed_arr_service_ids, trigger, requested_by_type,
        requested_by_id, run_id, job_id, reason, delete_request_id, candidate_snapshot,
        created_at)
    SELECT candidate_id, media_type, scope, media_id, movie_version_id, series_id, season_id,
        season_number, episode_id, episode_number, kind, 'queued', arr_action,
        media_server_action, allowed_arr_service_ids, trigger, requested_by_type,
        requested_by_id, run_id, job_id, reason, delete_request_id, candidate_snapshot, ${now}
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(ordinal int,
        candidate_id bigint, media_type text, scope text, media_id bigint,
        movie_version_id bigint, series_id bigint, season_id bigint, season_number int,
        episode_id bigint, episode_number int, kind text, arr_action text,
        media_server_action text, allowed_arr_service_ids bigint[], trigger text,
        requested_by_type text, requested_by_id bigint, run_id bigint, job_id bigint, reason text,
        delete_request_id bigint, candidate_snapshot jsonb)
     ORDER BY ordinal
    RETURNING id`;
  return rows.map((row) => num(row.id)).sort((a, b) => a - b);
}

/** Title, year and TMDB id of a target's root, for an operation on a target that is no candidate. */
export async function rootLabel(tx: Tx, target: Target) {
  const [row] = await tx.$queryRaw<{ title: string; year: number | null; tmdb_id: number }[]>`
    SELECT title, year, tmdb_id::int AS tmdb_id FROM media_items
     WHERE media_type = ${target.mediaType} AND media_id = ${target.mediaId}::bigint`;
  return row ?? null;
}
