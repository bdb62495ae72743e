import type { DbClient, Tx } from '../db';
import type { NormalizedRule, RuleMediaType, RuleOutcome } from '../domain/rules';
import type { Rule } from '../generated/prisma/client';

/** A stored rule's row; definition and action are the validated documents (domain.md 3.1). */
export type RuleRow = Rule;

/** A validated rule that has a name: what the rule routes store. */
export type StoredRuleInput = NormalizedRule & { name: string };

export interface RuleFilters {
  mediaType?: RuleMediaType;
  outcome?: RuleOutcome;
  enabled?: boolean;
}

const columns = (rule: StoredRuleInput) => ({
  name: rule.name,
  description: rule.description,
  mediaType: rule.media_type,
  targetScope: rule.target_scope,
  enabled: rule.enabled,
  outcome: rule.action.outcome,
  // Plain JSON documents; Prisma's JSON input type does not accept readonly arrays.
  definition: structuredClone(rule.definition) as object,
  action: structuredClone(rule.action) as object,
});

/** Ordered by name as people read it (case-insensitive), then id. */
export async function listRules(db: DbClient, filters: RuleFilters = {}): Promise<RuleRow[]> {
  const rows = await db.rule.findMany({
    where: { mediaType: filters.mediaType, outcome: filters.outcome, enabled: filters.enabled },
  });
  return rows.sort(
    (a, b) =>
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || Number(a.id - b.id),
  );
}

export async function findRule(db: DbClient, id: number): Promise<RuleRow | null> {
  return db.rule.findUnique({ where: { id } });
}

/** The rule, locked against concurrent edits and deletes until the transaction ends. */
export async function lockRule(tx: Tx, id: number): Promise<RuleRow | null> {
  const [row] = await tx.$queryRaw<
    { id: bigint }[]
  >`SELECT id FROM rules WHERE id = ${id} FOR UPDATE`;
  return row ? findRule(tx, id) : null;
}

/** Names of every rule but `exceptId`, for the case-insensitive uniqueness check. */
export async function otherRuleNames(db: DbClient, exceptId?: number): Promise<string[]> {
  const rows = await db.rule.findMany({
    where: exceptId === undefined ? {} : { id: { not: exceptId } },
    select: { name: true },
  });
  return rows.map((row) => row.name);
}

export async function insertRule(tx: Tx, rule: StoredRuleInput, now: Date): Promise<RuleRow> {
  return tx.rule.create({ data: { ...columns(rule), createdAt: now, updatedAt: now } });
}

/** Replaces every field; the revision counts changes (receipts record it, 3.1). */
export async function updateRule(
  tx: Tx,
  id: number,
  rule: StoredRuleInput,
  now: Date,
): Promise<RuleRow> {
  return tx.rule.update({
    where: { id },
    data: { ...columns(rule), revision: { increment: 1 }, updatedAt: now },
  });
}

export async function deleteRule(tx: Tx, id: number): Promise<void> {
  await tx.rule.delete({ where: { id } });
}

/** Candidates listing the rule, and its rule-managed protections, per rule id. */
export async function ruleCounts(
  db: DbClient,
  ids: readonly number[],
): Promise<Map<number, { candidates: number; protections: number }>> {
  const counts = new Map(ids.map((id) => [id, { candidates: 0, protections: 0 }]));
  if (ids.length === 0) return counts;
  const list = ids.map(BigInt);
  const candidates = await db.$queryRaw<{ rule_id: bigint; n: bigint }[]>`
    SELECT r.rule_id, count(*) AS n
      FROM candidates c, unnest(c.matched_rule_ids) AS r(rule_id)
     WHERE c.matched_rule_ids && ${list}::bigint[] AND r.rule_id = ANY(${list}::bigint[])
     GROUP BY r.rule_id`;
  const protections = await db.$queryRaw<{ rule_id: bigint; n: bigint }[]>`
    SELECT source_rule_id AS rule_id, count(*) AS n FROM protections
     WHERE source_rule_id = ANY(${list}::bigint[]) GROUP BY source_rule_id`;
  for (const row of candidates) {
    const entry = counts.get(Number(row.rule_id));
    if (entry) entry.candidates = Number(row.n);
  }
  for (const row of protections) {
    const entry = counts.get(Number(row.rule_id));
    if (entry) entry.protections = Number(row.n);
  }
  return counts;
}

/** Rule-managed protections of a rule, locked, for removal with the rule (domain.md 4.3). */
export async function ruleProtectionIds(tx: Tx, ruleId: number): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM protections WHERE source = 'rule' AND source_rule_id = ${ruleId}
     ORDER BY id FOR UPDATE`;
  return rows.map((row) => Number(row.id));
}

/**
 * Takes the rule out of every candidate's matched rules. Returns the ids of the candidates it
 * leaves with no enabled matched rule: those go with the rule (internal-api.md 10).
 */
export async function dropRuleFromCandidates(tx: Tx, ruleId: number): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: bigint }[]>`
    WITH touched AS (
      UPDATE candidates SET matched_rule_ids = array_remove(matched_rule_ids, ${ruleId}::bigint)
       WHERE matched_rule_ids @> ARRAY[${ruleId}::bigint]
      RETURNING id, matched_rule_ids)
    SELECT t.id FROM touched t
     WHERE NOT EXISTS (SELECT 1 FROM rules r WHERE r.id = ANY(t.matched_rule_ids) AND r.enabled)
     ORDER BY t.id`;
  return rows.map((row) => Number(row.id));
}
