import { empty, num, sql } from '@mcs/kit';
import type { AutoDeletePolicy } from '../domain/auto-delete';
import type { Target } from '../domain/target';
import type { Tx } from '../db';
import { targetColumns } from '../targets/target.repository';

/** What a scan knows about a matching target (domain.md 4.1 step 5). */
export interface CandidateMatch {
  target: Target;
  matchedRuleIds: number[];
  matchedCriteria: Record<string, unknown>;
  reason: string;
  estimatedSpaceBytes: number | null;
  deleteOperation: 'delete' | 'move';
  policy: AutoDeletePolicy;
}

/** Creates or refreshes one target's candidate (see upsertCandidates). */
export async function upsertCandidate(
  tx: Tx,
  match: CandidateMatch,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const [result] = await upsertCandidates(tx, [match], now);
  if (!result) throw new Error('upsert returned no row');
  return result;
}

/**
 * Creates the targets' candidates, or refreshes the existing ones keeping their id, created_at
 * and every timer and lifecycle field: a target that keeps matching keeps its candidate. A
 * refreshed candidate is decided again, so `unknown_since` is cleared. One statement for the
 * whole batch (a scan writes thousands); the targets must be distinct. Results are in input order.
 */
export async function upsertCandidates(
  tx: Tx,
  matches: readonly CandidateMatch[],
  now: Date,
): Promise<{ id: number; created: boolean }[]> {
  if (matches.length === 0) return [];
  const rows = matches.map((match, ordinal) => {
    const t = match.target;
    return {
      ordinal,
      ...targetColumns(t),
      matched_rule_ids: [...new Set(match.matchedRuleIds)].sort((a, b) => a - b),
      matched_criteria: match.matchedCriteria,
      reason: match.reason,
      estimated_space_bytes: match.estimatedSpaceBytes,
      delete_operation: match.deleteOperation,
      auto_delete_configured: match.policy.configured,
      auto_delete_delay_days: match.policy.delayDays,
    };
  });
  const written = await tx.$queryRaw<{ ordinal: number; id: bigint; created: boolean }[]>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(ordinal int,
        media_type text, scope text, media_id bigint, movie_version_id bigint, series_id bigint,
        season_id bigint, season_number int, episode_id bigint, episode_number int,
        matched_rule_ids bigint[], matched_criteria jsonb, reason text,
        estimated_space_bytes bigint, delete_operation text, auto_delete_configured boolean,
        auto_delete_delay_days int)),
    written AS (
      INSERT INTO candidates AS c (media_type, scope, media_id, movie_version_id, series_id,
          season_id, season_number, episode_id, episode_number, matched_rule_ids, matched_criteria,
          reason, estimated_space_bytes, delete_operation, auto_delete_configured,
          auto_delete_delay_days, created_at, updated_at, last_matched_at)
      SELECT media_type, scope, media_id, movie_version_id, series_id, season_id, season_number,
          episode_id, episode_number, matched_rule_ids, matched_criteria, reason,
          estimated_space_bytes, delete_operation, auto_delete_configured, auto_delete_delay_days,
          ${now}, ${now}, ${now}
        FROM input ORDER BY ordinal
      ON CONFLICT (scope, (coalesce(episode_id, season_id, movie_version_id, media_id))) DO UPDATE SET
          season_number = EXCLUDED.season_number, episode_number = EXCLUDED.episode_number,
          matched_rule_ids = EXCLUDED.matched_rule_ids, matched_criteria = EXCLUDED.matched_criteria,
          reason = EXCLUDED.reason, estimated_space_bytes = EXCLUDED.estimated_space_bytes,
          delete_operation = EXCLUDED.delete_operation,
          auto_delete_configured = EXCLUDED.auto_delete_configured,
          auto_delete_delay_days = EXCLUDED.auto_delete_delay_days,
          updated_at = EXCLUDED.updated_at, last_matched_at = EXCLUDED.last_matched_at,
          unknown_since = NULL
      RETURNING c.id, c.scope, coalesce(c.episode_id, c.season_id, c.movie_version_id, c.media_id)
          AS key_id, (c.xmax = 0) AS created)
    SELECT i.ordinal, w.id, w.created FROM written w
      JOIN input i ON i.scope = w.scope
       AND coalesce(i.episode_id, i.season_id, i.movie_version_id, i.media_id) = w.key_id
     ORDER BY i.ordinal`;
  return written.map((row) => ({ id: num(row.id), created: row.created }));
}

/**
 * Marks candidates announced (domain.md 4.1 step 6): active ones not yet announced are marked
 * and returned (ascending id) for `candidate.scheduled`; unconfigured ones are un-marked so
 * they are announced again once configured. Cancel never un-marks, so un-cancelling never
 * announces twice. `ids` limits the step to one scan batch.
 */
export async function markAnnounced(tx: Tx, now: Date, ids?: number[]): Promise<number[]> {
  const only = ids ? sql`AND id = ANY(${ids.map(BigInt)}::bigint[])` : empty;
  await tx.$executeRaw`UPDATE candidates SET auto_delete_announced_at = NULL
    WHERE NOT auto_delete_configured AND auto_delete_announced_at IS NOT NULL ${only}`;
  const rows = await tx.$queryRaw<
    { id: bigint }[]
  >`UPDATE candidates SET auto_delete_announced_at = ${now}
    WHERE auto_delete_configured AND auto_delete_cancelled_at IS NULL
      AND auto_delete_announced_at IS NULL ${only}
    RETURNING id`;
  return rows.map((row) => num(row.id)).sort((a, b) => a - b);
}
