import { type BigIntColumn, num, numOrNull, readRows, sql, type SqlClient } from '@mcs/kit';
import type { RuleAction } from '../domain/rules';

/**
 * What the Candidates page shows beside the external Candidate (internal-api.md 1.3), read for
 * a whole page of candidates at once: one query for the stored columns with the version file,
 * one for the latest operations, one for the matched rules' actions. Never one per candidate.
 */

export interface CandidateDetails {
  estimatedSpaceBytes: number | null;
  matchedCriteria: unknown;
  unknownSince: Date | null;
  completedAction: 'unmonitored_only' | null;
  failureCount: number;
  lastFailureReason: string | null;
  /** The projected file of a version-scoped candidate; null for other scopes or a gone version. */
  version: {
    fileName: string;
    sizeBytes: number | null;
    resolution: string | null;
    videoCodec: string | null;
    hdr: boolean | null;
    dolbyVision: boolean | null;
  } | null;
}

export interface LatestOperation {
  id: number;
  kind: 'delete' | 'move' | 'unmonitor' | 'unmonitor_only';
  status: 'queued' | 'running' | 'verifying' | 'succeeded' | 'failed' | 'canceled';
  failureReason: string | null;
  createdAt: Date;
}

const idArray = (ids: readonly number[]) => ids.map((id) => BigInt(id));

export async function candidateDetails(
  reader: SqlClient,
  ids: readonly number[],
): Promise<Map<number, CandidateDetails>> {
  if (ids.length === 0) return new Map();
  const rows = await readRows<{
    id: BigIntColumn;
    estimated_space_bytes: BigIntColumn | null;
    matched_criteria: unknown;
    unknown_since: Date | null;
    completed_action: 'unmonitored_only' | null;
    failure_count: number;
    last_failure_reason: string | null;
    file_name: string | null;
    size_bytes: BigIntColumn | null;
    resolution: string | null;
    video_codec: string | null;
    hdr: boolean | null;
    dolby_vision: boolean | null;
  }>(
    reader,
    sql`
    SELECT c.id, c.estimated_space_bytes, c.matched_criteria, c.unknown_since, c.completed_action,
           c.failure_count, c.last_failure_reason, v.file_name, v.size_bytes, v.resolution,
           v.video_codec, v.hdr, v.dolby_vision
      FROM candidates c
      LEFT JOIN movie_versions v ON c.scope = 'version' AND v.id = c.movie_version_id
     WHERE c.id = ANY(${idArray(ids)}::bigint[])`,
  );
  return new Map(
    rows.map((row) => [
      num(row.id),
      {
        estimatedSpaceBytes: numOrNull(row.estimated_space_bytes),
        matchedCriteria: row.matched_criteria,
        unknownSince: row.unknown_since,
        completedAction: row.completed_action,
        failureCount: row.failure_count,
        lastFailureReason: row.last_failure_reason,
        version:
          row.file_name === null
            ? null
            : {
                fileName: row.file_name,
                sizeBytes: numOrNull(row.size_bytes),
                resolution: row.resolution,
                videoCodec: row.video_codec,
                hdr: row.hdr,
                dolbyVision: row.dolby_vision,
              },
      },
    ]),
  );
}

/**
 * Each candidate's newest file operation (domain.md 4.2 `operation`: the pending one while it
 * runs, as at most one is pending per target, else the latest). file_operations_candidate_idx
 * keeps this to the page's candidates.
 */
export async function latestOperations(
  reader: SqlClient,
  ids: readonly number[],
): Promise<Map<number, LatestOperation>> {
  if (ids.length === 0) return new Map();
  const rows = await readRows<{
    candidate_id: BigIntColumn;
    id: BigIntColumn;
    kind: LatestOperation['kind'];
    status: LatestOperation['status'];
    failure_reason: string | null;
    created_at: Date;
  }>(
    reader,
    sql`
    SELECT DISTINCT ON (o.candidate_id) o.candidate_id, o.id, o.kind, o.status, o.failure_reason,
           o.created_at
      FROM file_operations o
     WHERE o.candidate_id = ANY(${idArray(ids)}::bigint[])
     ORDER BY o.candidate_id, o.id DESC`,
  );
  return new Map(
    rows.map((row) => [
      num(row.candidate_id),
      {
        id: num(row.id),
        kind: row.kind,
        status: row.status,
        failureReason: row.failure_reason,
        createdAt: row.created_at,
      },
    ]),
  );
}

export type RuleActionPart = Pick<
  RuleAction,
  | 'arr_action'
  | 'media_server_action'
  | 'move_instead_of_delete'
  | 'radarr_service_ids'
  | 'sonarr_service_ids'
>;

/** The actions of those of `ruleIds` that are enabled candidate rules (domain.md 3.8), by id. */
export async function candidateRuleActions(
  reader: SqlClient,
  ruleIds: readonly number[],
): Promise<Map<number, RuleActionPart>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await readRows<{ id: BigIntColumn; action: RuleAction }>(
    reader,
    sql`SELECT id, action FROM rules
         WHERE enabled AND outcome = 'candidate' AND id = ANY(${idArray(ruleIds)}::bigint[])`,
  );
  return new Map(rows.map((row) => [num(row.id), row.action]));
}
