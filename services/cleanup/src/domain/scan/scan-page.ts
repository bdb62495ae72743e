import { evaluate } from '../rules/evaluate';
import type { SourceAvailability, TargetFacts } from '../rules/facts';
import type { RuleScope } from '../rules/field-catalogue';
import type { RootProjection } from '../rules/root-projection';
import { buildTargets } from '../rules/target-facts';
import type { Target } from '../target';
import { coversIds, sameTarget } from '../target-overlap';
import {
  type CandidateFields,
  decideCandidate,
  type RuleResult,
  type ScanRule,
} from './candidate-decision';
import { matchSummary } from './match-summary';

/** The enabled rules of one scope, split by outcome. */
export interface ScopeRules {
  scope: RuleScope;
  candidateRules: readonly ScanRule[];
  protectRules: readonly ScanRule[];
}

export interface KnownCandidate extends Target {
  id: number;
  matchedRuleIds: readonly number[];
  matchedCriteria: Readonly<Record<string, unknown>>;
}

export interface KnownProtection extends Target {
  id: number;
  sourceRuleId: number | null;
}

export interface PageInput {
  roots: readonly RootProjection[];
  /** Scopes of the roots' media type that have an enabled rule, broadest first. */
  scopes: readonly ScopeRules[];
  /** Candidates and active protections of these roots, by root id. */
  candidates: ReadonlyMap<number, readonly KnownCandidate[]>;
  protections: ReadonlyMap<number, readonly KnownProtection[]>;
  availability: SourceAvailability;
  now: Date;
  globalDelayDays: number;
}

export interface CandidateUpsert extends CandidateFields {
  target: Target;
  estimatedSpaceBytes: number | null;
}

export interface PageChanges {
  protectionsToCreate: { target: Target; ruleId: number; ruleName: string; reason: string }[];
  protectionIdsToRemove: number[];
  upserts: CandidateUpsert[];
  /** Candidates left as they are, but for `unknown_since`. */
  unknownIds: number[];
  /** Excluded, no longer matching, or whose target is not live any more. */
  removeIds: number[];
  evaluated: number;
  unknown: number;
  excludedProtected: number;
}

/**
 * One page of a scan (domain.md 4.1 steps 4-5), decided in memory: first every protect rule of
 * every scope reconciles its protections (so a series-level rule protection already excludes
 * that series' episodes), then every target of a scope with candidate rules is decided. Pure.
 */
export function scanPage(input: PageInput): PageChanges {
  const changes: PageChanges = {
    protectionsToCreate: [],
    protectionIdsToRemove: [],
    upserts: [],
    unknownIds: [],
    removeIds: [],
    evaluated: 0,
    unknown: 0,
    excludedProtected: 0,
  };
  for (const root of input.roots) {
    const targets = input.scopes.map((rules) => ({
      rules,
      built: buildTargets(root, rules.scope, input.now).map(({ target, facts }) => ({
        target,
        facts,
        verdicts: new Map<number, RuleResult>(),
      })),
    }));
    for (const { rules, built } of targets)
      for (const item of built)
        for (const rule of [...rules.protectRules, ...rules.candidateRules])
          item.verdicts.set(rule.id, {
            rule,
            ...evaluate(rule, item.facts, input.availability, input.now),
          });
    changes.evaluated += targets.reduce((sum, { built }) => sum + built.length, 0);
    const protections = reconcileProtections(root.mediaId, targets, input, changes);
    decideCandidates(root.mediaId, targets, protections, input, changes);
  }
  return changes;
}

type Built = {
  rules: ScopeRules;
  built: { target: Target; facts: TargetFacts; verdicts: Map<number, RuleResult> }[];
}[];

/**
 * Step 4 for one root, per (rule, target): `match` ensures the rule's protection, `no_match`
 * removes it, `unknown` keeps what is there (domain.md 4.3). A row of an evaluated rule whose
 * target was not built protects nothing live and goes too. Returns the root's active
 * protections as they stand afterwards.
 */
function reconcileProtections(
  mediaId: number,
  targets: Built,
  input: PageInput,
  changes: PageChanges,
): Target[] {
  const existing = input.protections.get(mediaId) ?? [];
  const evaluated = new Set(input.scopes.flatMap((s) => s.protectRules.map((rule) => rule.id)));
  const active: Target[] = existing.filter(
    (p) => p.sourceRuleId === null || !evaluated.has(p.sourceRuleId),
  );
  const ruleRows = existing.filter((p) => p.sourceRuleId !== null && evaluated.has(p.sourceRuleId));
  const seen = new Set<number>();
  for (const { rules, built } of targets)
    for (const rule of rules.protectRules)
      for (const { target, verdicts } of built) {
        const row = ruleRows.find((p) => p.sourceRuleId === rule.id && sameTarget(p, target));
        if (row) seen.add(row.id);
        const result = verdicts.get(rule.id) as RuleResult;
        if (result.verdict === 'match') {
          active.push(target);
          if (!row)
            changes.protectionsToCreate.push({
              target,
              ruleId: rule.id,
              ruleName: rule.name,
              reason: `Rule ${matchSummary(rule.name, result.conditions)}`,
            });
        } else if (row && result.verdict === 'unknown') active.push(row);
        else if (row) changes.protectionIdsToRemove.push(row.id);
      }
  for (const row of ruleRows) if (!seen.has(row.id)) changes.protectionIdsToRemove.push(row.id);
  return active;
}

/** Step 5 for every target of a scope with candidate rules. */
function decideCandidates(
  mediaId: number,
  targets: Built,
  protections: Target[],
  input: PageInput,
  changes: PageChanges,
): void {
  const candidates = input.candidates.get(mediaId) ?? [];
  const visited = new Set<number>();
  for (const { rules, built } of targets) {
    if (rules.candidateRules.length === 0) continue;
    for (const { target, facts, verdicts } of built) {
      const existing = candidates.find((c) => sameTarget(c, target)) ?? null;
      if (existing) visited.add(existing.id);
      const results = rules.candidateRules.map((rule) => verdicts.get(rule.id) as RuleResult);
      const decision = decideCandidate({
        results,
        protectUnknown: rules.protectRules.some((r) => verdicts.get(r.id)?.verdict === 'unknown'),
        covered: protections.some((p) => coversIds(p, target)),
        existing,
        globalDelayDays: input.globalDelayDays,
      });
      if (decision.kind === 'upsert') {
        const size = facts['media.size_bytes'];
        changes.upserts.push({
          ...decision.fields,
          target,
          estimatedSpaceBytes: typeof size === 'number' ? size : null,
        });
        continue;
      }
      if (decision.kind === 'excluded') changes.excludedProtected += 1;
      if (decision.kind === 'unknown') {
        changes.unknown += 1;
        if (existing) changes.unknownIds.push(existing.id);
      } else if (existing) changes.removeIds.push(existing.id);
    }
  }
  // A candidate of a scope this scan decides whose target was not built is not live any more.
  const decided = new Set(
    targets.filter(({ rules }) => rules.candidateRules.length > 0).map(({ rules }) => rules.scope),
  );
  for (const candidate of candidates) {
    const scope = ruleScopeOf(candidate);
    if (!visited.has(candidate.id) && scope !== null && decided.has(scope))
      changes.removeIds.push(candidate.id);
  }
}

const ruleScopeOf = (target: Target): RuleScope | null =>
  target.scope === 'version' ? 'movie_version' : target.scope === 'movie' ? null : target.scope;
