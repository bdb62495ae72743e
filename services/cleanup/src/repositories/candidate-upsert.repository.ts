import { empty, num, sql } from '@mcs/kit';
import type { AutoDeletePolicy } from '../domain/auto-delete';
import type { Target } from '../domain/target';
import type { Tx } from '../db';

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

/**
 * Creates the target's candidate, or refreshes the existing one keeping its id, created_at and
 * every timer and lifecycle field: a target that keeps matching keeps its candidate.
 */
export async function upsertCandidate(
  tx: Tx,
  match: CandidateMatch,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const t = match.target;
  const ruleIds = [...new Set(match.matchedRuleIds)].sort((a, b) => a - b).map(BigInt);
  const [row] = await tx.$queryRaw<{ id: bigint; created: boolean }[]>`
    INSERT INTO candidates AS c (media_type, scope, media_id, movie_version_id, series_id, season_id,
        season_number, episode_id, episode_number, matched_rule_ids, matched_criteria, reason,
        estimated_space_bytes, delete_operation, auto_delete_configured, auto_delete_delay_days,
        created_at, updated_at, last_matched_at)
    VALUES (${t.mediaType}, ${t.scope}, ${t.mediaId}::bigint, ${t.movieVersionId}::bigint,
        ${t.seriesId}::bigint, ${t.seasonId}::bigint, ${t.seasonNumber}::int, ${t.episodeId}::bigint,
        ${t.episodeNumber}::int, ${ruleIds}::bigint[], ${JSON.stringify(match.matchedCriteria)}::jsonb,
        ${match.reason}, ${match.estimatedSpaceBytes}::bigint, ${match.deleteOperation},
        ${match.policy.configured}, ${match.policy.delayDays}::int, ${now}, ${now}, ${now})
    ON CONFLICT (scope, (coalesce(episode_id, season_id, movie_version_id, media_id))) DO UPDATE SET
        season_number = EXCLUDED.season_number, episode_number = EXCLUDED.episode_number,
        matched_rule_ids = EXCLUDED.matched_rule_ids, matched_criteria = EXCLUDED.matched_criteria,
        reason = EXCLUDED.reason, estimated_space_bytes = EXCLUDED.estimated_space_bytes,
        delete_operation = EXCLUDED.delete_operation,
        auto_delete_configured = EXCLUDED.auto_delete_configured,
        auto_delete_delay_days = EXCLUDED.auto_delete_delay_days,
        updated_at = EXCLUDED.updated_at, last_matched_at = EXCLUDED.last_matched_at
    RETURNING c.id, (c.xmax = 0) AS created`;
  if (!row) throw new Error('upsert returned no row');
  return { id: num(row.id), created: row.created };
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
