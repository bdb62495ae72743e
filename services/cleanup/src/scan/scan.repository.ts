import { num, numOrNull } from '@mcs/kit';
import type { EnabledRule } from '../domain/scan/scope-plan';
import type { MediaType, Scope, Target } from '../domain/target';
import type { RuleAction, RuleDefinition, RuleOutcome, RuleScope } from '../domain/rules';
import type { DbClient, Tx } from '../db';
import { activeAt, targetOf, type TargetRow } from '../targets/target.repository';

/** What a scan reads and writes beside the candidate upsert (domain.md 4.1). */

export interface ScanCandidate extends Target {
  id: number;
  matchedRuleIds: number[];
  matchedCriteria: Record<string, unknown>;
}

export interface ScanProtection extends Target {
  id: number;
  /** Set on `source: rule` protections only. */
  sourceRuleId: number | null;
}

/** An enabled rule with its media type and outcome, as scans and deletion runs evaluate it. */
export async function enabledRules(db: DbClient): Promise<EnabledRule[]> {
  // definition and action are the validated documents the rule routes stored (domain.md 3.1).
  const rows = await db.$queryRaw<
    {
      id: bigint;
      name: string;
      media_type: MediaType;
      target_scope: RuleScope;
      outcome: RuleOutcome;
      definition: RuleDefinition;
      action: RuleAction;
    }[]
  >`SELECT id, name, media_type, target_scope, outcome, definition, action
      FROM rules WHERE enabled ORDER BY id`;
  return rows.map((row) => ({
    mediaType: row.media_type,
    outcome: row.outcome,
    rule: {
      id: num(row.id),
      name: row.name,
      scope: row.target_scope,
      definition: row.definition,
      action: row.action,
    },
  }));
}

/** The candidates and active protections of a page of roots, by root id. */
export async function scanLookups(
  tx: DbClient,
  mediaType: MediaType,
  mediaIds: number[],
  now: Date,
) {
  const ids = mediaIds.map(BigInt);
  const candidates = await tx.$queryRaw<
    (TargetRow & { id: bigint; matched_rule_ids: bigint[]; matched_criteria: unknown })[]
  >`SELECT id, media_type, scope, media_id, movie_version_id, series_id, season_id,
           season_number, episode_id, episode_number, matched_rule_ids, matched_criteria
      FROM candidates
     WHERE media_type = ${mediaType} AND media_id = ANY(${ids}::bigint[])`;
  const protections = await tx.$queryRaw<
    (TargetRow & { id: bigint; source_rule_id: bigint | null })[]
  >`SELECT id, media_type, scope, media_id, movie_version_id, series_id, season_id,
           season_number, episode_id, episode_number, source_rule_id
      FROM protections p
     WHERE media_type = ${mediaType} AND media_id = ANY(${ids}::bigint[]) AND ${activeAt('p', now)}`;
  return {
    candidates: byMedia(
      candidates.map((row) => ({
        ...targetOf(row),
        id: num(row.id),
        matchedRuleIds: row.matched_rule_ids.map(num),
        matchedCriteria: isRecord(row.matched_criteria) ? row.matched_criteria : {},
      })),
    ),
    protections: byMedia(
      protections.map((row) => ({
        ...targetOf(row),
        id: num(row.id),
        sourceRuleId: numOrNull(row.source_rule_id),
      })),
    ),
  };
}

/** Live roots per media type, for the scan's progress. */
export async function liveRootCount(db: DbClient, mediaType: MediaType): Promise<number> {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM media_items WHERE media_type = ${mediaType} AND removed_at IS NULL`;
  return row ? num(row.n) : 0;
}

/** Candidates a scan could not decide: `unknown_since` is set once and kept. */
export async function markUnknown(tx: Tx, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.$executeRaw`UPDATE candidates SET unknown_since = ${now}
    WHERE id = ANY(${ids.map(BigInt)}::bigint[]) AND unknown_since IS NULL`;
}

/**
 * Candidates no page of the scan visits: their root is gone from the projection, or their
 * scope has no enabled candidate rule (domain.md 4.1 step 5, last case).
 */
export async function unvisitedCandidateIds(tx: Tx, liveScopes: Scope[]): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT c.id FROM candidates c
     WHERE NOT (c.scope = ANY(${liveScopes}::text[]))
        OR NOT EXISTS (SELECT 1 FROM media_items m
                        WHERE m.media_type = c.media_type AND m.media_id = c.media_id
                          AND m.removed_at IS NULL)
     ORDER BY c.id`;
  return rows.map((row) => num(row.id));
}

/** Rule protections whose rule is no longer an enabled protect rule, or whose root is gone. */
export async function orphanRuleProtectionIds(tx: Tx, ruleIds: number[]): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT p.id FROM protections p
     WHERE p.source = 'rule'
       AND (NOT (p.source_rule_id = ANY(${ruleIds.map(BigInt)}::bigint[]))
            OR NOT EXISTS (SELECT 1 FROM media_items m
                            WHERE m.media_type = p.media_type AND m.media_id = p.media_id
                              AND m.removed_at IS NULL))
     ORDER BY p.id`;
  return rows.map((row) => num(row.id));
}

function byMedia<T extends { mediaId: number }>(items: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(item.mediaId);
    if (list) list.push(item);
    else map.set(item.mediaId, [item]);
  }
  return map;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
