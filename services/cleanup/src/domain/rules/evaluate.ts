import { applyCollection } from './apply-collection';
import { applyBoolean, applyEnum, applyNumber, applyPath, applyText } from './apply-scalar';
import type { FieldSpec } from './field-catalogue';
import type { SourceAvailability, TargetFacts } from './facts';
import { isOperatorOf, type Operator } from './field-types';
import { lookupField } from './later-fields';
import { type PresentFact, readFact } from './read-fact';
import type { ConditionValue, RuleCondition, RuleDefinition, RuleGroup } from './rule-types';
import { allOf, anyOf, type Verdict } from './verdict';

/**
 * The tri-state evaluator (domain.md 3.10), shared by scans, previews, revalidation and the
 * requester explain. Pure: the same rule, facts, availability and `now` give the same answer.
 */
export const UNAVAILABLE = '<unavailable>';

export interface ConditionResult {
  /** Same JSON path as validation errors use, e.g. `definition.root.children[0]`. */
  path: string;
  field: string;
  operator: Operator;
  value: ConditionValue;
  /**
   * The value used: whole days for `days` fields, null when absent, `<unavailable>` when
   * unknown. Path fields carry the real path; routes keep it on internal views only (1.12).
   */
  actual: PresentFact | null;
  result: Verdict;
}

export interface Evaluation {
  verdict: Verdict;
  /** Every condition that took part, in tree order; ignored ones are left out. */
  conditions: ConditionResult[];
}

export function evaluate(
  rule: { definition: RuleDefinition },
  facts: TargetFacts,
  availability: SourceAvailability,
  now: Date,
): Evaluation {
  const conditions: ConditionResult[] = [];
  const context = { facts, availability, now, conditions };
  // Validation refuses a tree with nothing enabled; should one be stored anyway, nothing
  // matches rather than everything.
  const verdict = evaluateGroup(context, rule.definition.root, 'definition.root') ?? 'no_match';
  return { verdict, conditions };
}

interface Context {
  facts: TargetFacts;
  availability: SourceAvailability;
  now: Date;
  conditions: ConditionResult[];
}

/** Null when ignored: disabled, or every child ignored (3.2). */
function evaluateGroup(context: Context, group: RuleGroup, path: string): Verdict | null {
  if (!group.enabled) return null;
  const verdicts: Verdict[] = [];
  group.children.forEach((node, index) => {
    const at = `${path}.children[${index}]`;
    const verdict =
      node.type === 'group'
        ? evaluateGroup(context, node, at)
        : evaluateCondition(context, node, at);
    if (verdict !== null) verdicts.push(verdict);
  });
  if (verdicts.length === 0) return null;
  return group.op === 'and' ? allOf(verdicts) : anyOf(verdicts);
}

function evaluateCondition(
  context: Context,
  condition: RuleCondition,
  path: string,
): Verdict | null {
  if (!condition.enabled) return null;
  const { field, operator, value } = condition;
  const found = lookupField(field);
  const record = (actual: PresentFact | null, result: Verdict) => {
    context.conditions.push({ path, field, operator, value, actual, result });
    return result;
  };
  // A field no longer in the catalogue (a stored rule from another release) decides nothing.
  if (found.kind !== 'available' || !sourcesAvailable(found.spec, context.availability))
    return record(UNAVAILABLE, 'unknown');
  const fact = readFact(found.spec, context.facts[found.name], context.now);
  switch (fact.kind) {
    case 'unknown':
      return record(UNAVAILABLE, 'unknown');
    case 'absent':
      return record(null, onAbsent(found.spec, operator));
    case 'value':
      return record(fact.value, apply(found.spec, operator, value, fact.value));
  }
}

/**
 * "a + b" needs every source; "a / b" is a fallback chain and is known while one source is
 * (3.4 #27). Playback is one flag already false when any playback server is unavailable.
 */
export function sourcesAvailable(spec: FieldSpec, availability: SourceAvailability): boolean {
  const up = (source: (typeof spec.sources)[number]) => availability[source];
  return spec.sourcesNeeded === 'any' ? spec.sources.some(up) : spec.sources.every(up);
}

/**
 * An absent value satisfies only `not_exists`, and `is_false` where the field's definition
 * makes absence mean false; every other operator, negative ones included, is no_match (3.3).
 */
function onAbsent(spec: FieldSpec, operator: Operator): Verdict {
  if (operator === 'not_exists') return 'match';
  return operator === 'is_false' && spec.absentIsFalse === true ? 'match' : 'no_match';
}

/** Dispatch by type; an operator foreign to the type (unvalidated rule) is unknown. */
function apply(
  spec: FieldSpec,
  operator: Operator,
  expected: ConditionValue,
  actual: PresentFact,
): Verdict {
  switch (spec.type) {
    case 'number':
    case 'days':
      return typeof actual === 'number' && isOperatorOf('number', operator)
        ? applyNumber(operator, expected, actual)
        : 'unknown';
    case 'text':
      return typeof actual === 'string' && isOperatorOf('text', operator)
        ? applyText(operator, expected, actual)
        : 'unknown';
    case 'enum':
      return typeof actual === 'string' && isOperatorOf('enum', operator)
        ? applyEnum(operator, expected, actual)
        : 'unknown';
    case 'path':
      return typeof actual === 'string' && isOperatorOf('path', operator)
        ? applyPath(operator, expected, actual)
        : 'unknown';
    case 'boolean':
      return typeof actual === 'boolean' && isOperatorOf('boolean', operator)
        ? applyBoolean(operator, actual)
        : 'unknown';
    case 'list':
    case 'tag_list':
    case 'user_set':
      return Array.isArray(actual) &&
        isOperatorOf(spec.type, operator) &&
        isOperatorOf('tag_list', operator)
        ? applyCollection(operator, expected, actual, spec.item ?? 'name')
        : 'unknown';
  }
}
