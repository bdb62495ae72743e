import { FIELD_CATALOGUE } from './field-catalogue';
import { lookupField } from './later-fields';

/** One evaluated condition as a candidate view shows it (domain.md 3.10). */
export interface VisibleCondition {
  path?: string;
  field: string;
  operator: string;
  value: unknown;
  actual: unknown;
  result: 'match' | 'no_match' | 'unknown';
}

export function isPathField(field: string): boolean {
  const found = lookupField(field);
  return found.kind === 'available' && FIELD_CATALOGUE[found.name].type === 'path';
}

/**
 * A candidate's stored `matched_criteria` ({rule id → conditions}) as a viewer may see them.
 * Paths reach administrators only (domain.md 1.12, internal-api.md check 36): for anyone else a
 * path field's `actual` and its `value` (the rule's own prefixes or pattern, part of an
 * admin-only rule definition) are null. Scans already store path actuals as null; hiding them
 * again here keeps an older or hand-written row from leaking one. `value` is absent in storage
 * for `exists`-like operators and reads as null, so every condition has all five fields.
 */
export function visibleCriteria(
  stored: unknown,
  viewer: { admin: boolean },
): Record<string, VisibleCondition[]> {
  if (!isObject(stored)) return {};
  const visible: Record<string, VisibleCondition[]> = {};
  for (const [ruleId, conditions] of Object.entries(stored)) {
    if (!Array.isArray(conditions)) continue;
    visible[ruleId] = conditions.filter(isCondition).map((condition) => {
      const hidden = !viewer.admin && isPathField(condition.field);
      return {
        ...(typeof condition.path === 'string' ? { path: condition.path } : {}),
        field: condition.field,
        operator: condition.operator,
        value: hidden ? null : (condition.value ?? null),
        actual: hidden ? null : (condition.actual ?? null),
        result: condition.result,
      };
    });
  }
  return visible;
}

const RESULTS: readonly unknown[] = ['match', 'no_match', 'unknown'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCondition(value: unknown): value is Record<string, unknown> & VisibleCondition {
  return (
    isObject(value) &&
    typeof value.field === 'string' &&
    typeof value.operator === 'string' &&
    RESULTS.includes(value.result)
  );
}
