import type { ExternalApi, MessagePayload } from '@mcs/contracts';
import { num, numOrNull, sql, type Sql } from '@mcs/kit';
import type { Target } from '../domain/target';
import type { Tx } from '../db';
import {
  columnsOf,
  covers,
  overlaps,
  targetOf,
  type TargetRow,
  valuesOf,
} from '../targets/target.repository';

/** Queued, running or verifying: the states in which an operation blocks (domain.md 6.3). */
const PENDING = sql`o.status IN ('queued', 'running', 'verifying')`;

async function anyPending(tx: Tx, condition: Sql): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM file_operations o WHERE ${PENDING} AND ${condition} LIMIT 1`;
  return rows.length > 0;
}

/**
 * A pending operation blocks a candidate action when it touches the same movie (any of its
 * versions: a movie-level delete may take them all), or overlaps a series-family target: the
 * same series, a season or episode inside the target, or the series or season containing it.
 */
export function operationPendingForCandidate(tx: Tx, target: Target): Promise<boolean> {
  const op = columnsOf('o');
  const t = valuesOf(target);
  return anyPending(
    tx,
    target.mediaType === 'movie'
      ? sql`o.media_type = 'movie' AND o.media_id = ${target.mediaId}::bigint`
      : overlaps(op, t),
  );
}

/** A new protection is refused while media inside its target (itself included) is pending. */
export function operationPendingInside(tx: Tx, target: Target): Promise<boolean> {
  return anyPending(tx, covers(valuesOf(target), columnsOf('o')));
}

/**
 * What an operation keeps of its target as queued (candidate_snapshot): its event and receipt
 * are built from it, whichever of catalog's removal and outcome messages arrives first.
 */
export interface OperationSnapshot {
  /** Null for a delete request on a target that is no candidate. */
  candidate: ExternalApi.components['schemas']['Candidate'] | null;
  matched_criteria: Record<string, unknown>;
  title: string;
  year: number | null;
  tmdb_id: number | null;
}

export interface OperationRow {
  id: number;
  target: Target;
  candidateId: number | null;
  kind: 'delete' | 'move' | 'unmonitor' | 'unmonitor_only';
  status: string;
  trigger: 'auto' | 'manual' | 'delete_request';
  requestedBy: { type: 'system' | 'user'; id: number | null };
  candidateSnapshot: OperationSnapshot | null;
  deleteRequestId: number | null;
}

/** An operation locked for recording its outcome; null if unknown. */
export async function lockOperation(tx: Tx, id: number): Promise<OperationRow | null> {
  const [row] = await tx.$queryRaw<
    (TargetRow & {
      id: bigint;
      candidate_id: bigint | null;
      kind: OperationRow['kind'];
      status: string;
      trigger: OperationRow['trigger'];
      requested_by_type: 'system' | 'user';
      requested_by_id: bigint | null;
      candidate_snapshot: OperationRow['candidateSnapshot'];
      delete_request_id: bigint | null;
    })[]
  >`SELECT id, media_type, scope, media_id, movie_version_id, series_id, season_id,
           season_number, episode_id, episode_number, candidate_id, kind, status, trigger,
           requested_by_type, requested_by_id, candidate_snapshot, delete_request_id
      FROM file_operations WHERE id = ${id}::bigint FOR UPDATE`;
  if (!row) return null;
  return {
    id: num(row.id),
    target: targetOf(row),
    candidateId: numOrNull(row.candidate_id),
    kind: row.kind,
    status: row.status,
    trigger: row.trigger,
    requestedBy: { type: row.requested_by_type, id: numOrNull(row.requested_by_id) },
    candidateSnapshot: row.candidate_snapshot,
    deleteRequestId: numOrNull(row.delete_request_id),
  };
}

/** Records catalog's outcome of an operation (media.file_operation_completed). */
export async function finishOperation(
  tx: Tx,
  outcome: MessagePayload<'media.file_operation_completed'>,
): Promise<void> {
  await tx.$executeRaw`
    UPDATE file_operations SET status = ${outcome.outcome},
        failure_reason = ${outcome.failure_reason}, route = ${JSON.stringify(outcome.route)}::jsonb,
        files = ${JSON.stringify(outcome.files)}::jsonb, bytes_freed = ${outcome.bytes_freed}::bigint,
        attempt_log = ${JSON.stringify(outcome.attempt_log)}::jsonb,
        warnings = ${JSON.stringify(outcome.warnings)}::jsonb,
        started_at = ${outcome.started_at}::timestamptz, finished_at = ${outcome.finished_at}::timestamptz
    WHERE id = ${outcome.operation_id}::bigint`;
}

/**
 * A new job id (internal-api.md 11): the operations of a manual request or an approved delete
 * request, or an administrator's alert confirmation, share one sequence.
 */
export async function nextJobId(tx: Tx): Promise<number> {
  const [row] = await tx.$queryRaw<{ id: bigint }[]>`SELECT nextval('file_operation_jobs') AS id`;
  if (!row) throw new Error('no job id');
  return num(row.id);
}
