import { autoDeletePolicy, type AutoDeletePolicy } from '../auto-delete';
import type { ConditionResult } from '../rules/evaluate';
import type { RuleAction, RuleDefinition } from '../rules/rule-types';
import type { RuleScope } from '../rules/field-catalogue';
import type { Verdict } from '../rules/verdict';
import { matchSummary, storedConditions } from './match-summary';

/** An enabled saved rule, as a scan evaluates it. */
export interface ScanRule {
  id: number;
  name: string;
  scope: RuleScope;
  definition: RuleDefinition;
  action: RuleAction;
}

/** One rule's verdict on one target. */
export interface RuleResult {
  rule: ScanRule;
  verdict: Verdict;
  conditions: ConditionResult[];
}

/** What the target's current candidate holds that a scan may carry over. */
export interface ExistingCandidate {
  matchedRuleIds: readonly number[];
  matchedCriteria: Readonly<Record<string, unknown>>;
}

export interface CandidateFields {
  matchedRuleIds: number[];
  matchedCriteria: Record<string, unknown>;
  reason: string;
  deleteOperation: 'delete' | 'move';
  policy: AutoDeletePolicy;
}

/**
 * `excluded`: covered by an active protection; `upsert`: create or refresh; `unknown`: leave
 * the candidate exactly as it is (only `unknown_since` is set); `remove`: definitely no longer
 * a candidate. `excluded` and `remove` both delete an existing candidate, without an event.
 */
export type CandidateDecision =
  | { kind: 'excluded' }
  | { kind: 'upsert'; fields: CandidateFields }
  | { kind: 'unknown' }
  | { kind: 'remove' };

export interface CandidateInput {
  /** Every enabled candidate rule of the target's scope, evaluated on it. */
  results: readonly RuleResult[];
  /** An enabled protect rule of the scope could not decide the target (P of domain.md 4.1). */
  protectUnknown: boolean;
  /** An active protection of any source covers the target (same target or an ancestor). */
  covered: boolean;
  existing: ExistingCandidate | null;
  /** The global auto-delete delay of the target's media type. */
  globalDelayDays: number;
}

/** One target's outcome in a scan (domain.md 4.1 step 5); pure. */
export function decideCandidate(input: CandidateInput): CandidateDecision {
  if (input.covered) return { kind: 'excluded' };
  const matched = input.results.filter((result) => result.verdict === 'match');
  const undecided = input.results.filter((result) => result.verdict === 'unknown');
  if (matched.length > 0 && !input.protectUnknown)
    return { kind: 'upsert', fields: combine(matched, undecided, input) };
  if (matched.length > 0 || undecided.length > 0) return { kind: 'unknown' };
  return { kind: 'remove' };
}

/**
 * M ∪ (C.matched ∩ U): a rule that matched before and cannot decide now stays matched, with
 * the criteria it matched with. The settings combine over that set (domain.md 3.8, 5.1).
 */
function combine(
  matched: readonly RuleResult[],
  undecided: readonly RuleResult[],
  input: CandidateInput,
): CandidateFields {
  const before = new Set(input.existing?.matchedRuleIds ?? []);
  const carried = undecided.filter((result) => before.has(result.rule.id));
  const rules = [...matched, ...carried].map((result) => result.rule).sort((a, b) => a.id - b.id);
  const criteria: Record<string, unknown> = {};
  for (const result of matched) criteria[result.rule.id] = storedConditions(result.conditions);
  for (const result of carried)
    criteria[result.rule.id] = input.existing?.matchedCriteria[result.rule.id] ?? [];
  const optedIn = rules.filter((rule) => rule.action.auto_delete_enabled);
  return {
    matchedRuleIds: rules.map((rule) => rule.id),
    matchedCriteria: criteria,
    reason: matched.map((result) => matchSummary(result.rule.name, result.conditions)).join('; '),
    deleteOperation: rules.some((rule) => rule.action.move_instead_of_delete) ? 'move' : 'delete',
    policy: autoDeletePolicy(
      optedIn.map((rule) => ({ delayDays: rule.action.auto_delete_delay_days })),
      input.globalDelayDays,
    ),
  };
}
