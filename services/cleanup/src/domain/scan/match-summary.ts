import { FIELD_CATALOGUE } from '../rules/field-catalogue';
import { fieldLabel } from '../rules/field-descriptions';
import type { ConditionResult } from '../rules/evaluate';
import { lookupField } from '../rules/later-fields';
import { isPathField } from '../rules/visible-criteria';

/**
 * What a match says in words (domain.md 4.1, 4.3): the rule's name and the conditions that
 * matched with the values that made them match. A path is never written out: a path condition
 * reads "path matches rule prefix" (1.12).
 */
export function matchSummary(ruleName: string, conditions: readonly ConditionResult[]): string {
  const parts = conditions
    .filter((condition) => condition.result === 'match')
    .map((condition) => describe(condition));
  return parts.length === 0 ? ruleName : `${ruleName}: ${parts.join(', ')}`;
}

/**
 * The conditions as a candidate stores them (`matched_criteria`): a path field's actual value
 * is left out, so no stored copy of a path can reach a response.
 */
export function storedConditions(conditions: readonly ConditionResult[]): ConditionResult[] {
  return conditions.map((condition) =>
    isPathField(condition.field) ? { ...condition, actual: null } : condition,
  );
}

function describe(condition: ConditionResult): string {
  const found = lookupField(condition.field);
  if (found.kind !== 'available') return condition.field;
  if (FIELD_CATALOGUE[found.name].type === 'path') return 'path matches rule prefix';
  return `${fieldLabel(found.name)} ${formatActual(condition.actual)}`;
}

function formatActual(actual: ConditionResult['actual']): string {
  if (actual === null) return 'none';
  if (typeof actual === 'boolean') return actual ? 'yes' : 'no';
  if (Array.isArray(actual)) return actual.length === 0 ? 'none' : actual.join(', ');
  return String(actual);
}
