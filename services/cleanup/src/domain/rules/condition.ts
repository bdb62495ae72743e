import type { RuleScope } from './field-catalogue';
import { type Operator, operatorsOf } from './field-types';
import { readConditionValue } from './condition-value';
import { lookupField } from './later-fields';
import type { RuleCondition } from './rule-types';
import {
  child,
  type ErrorList,
  type JsonObject,
  own,
  type RuleValidationContext,
} from './validation';

/**
 * One condition of the tree (domain.md 3.9 step 4): the field exists and is released, is
 * allowed for the rule's scope, the operator suits its type, the value suits the operator.
 * Every independent problem is reported; the value is only judged once the operator is known,
 * since the operator decides its shape.
 */
export interface ConditionReader {
  errors: ErrorList;
  context: RuleValidationContext;
  /** Unknown when target_scope itself is invalid; then the scope check is skipped. */
  scope: RuleScope | null;
}

export function readCondition(
  reader: ConditionReader,
  node: JsonObject,
  path: string,
  enabled: boolean,
): RuleCondition | undefined {
  const { errors, scope } = reader;
  const found = readField(reader, own(node, 'field'), child(path, 'field'));
  const rawOperator = own(node, 'operator');
  const operatorPath = child(path, 'operator');
  if (typeof rawOperator !== 'string' || rawOperator === '')
    errors.add(operatorPath, 'invalid_field', 'operator is required');
  if (found === undefined || typeof rawOperator !== 'string') return undefined;

  const { name, spec } = found;
  const allowed: readonly Operator[] = spec.operators ?? operatorsOf(spec.type);
  const operator = allowed.find((candidate) => candidate === rawOperator);
  if (operator === undefined) {
    if (rawOperator !== '')
      errors.add(
        operatorPath,
        'operator_not_allowed',
        `allowed for ${name}: ${allowed.join(', ')}`,
      );
    return undefined;
  }
  const valueReader = { spec, path: child(path, 'value'), errors, context: reader.context };
  const value = readConditionValue(valueReader, operator, own(node, 'value'));
  if (value === undefined || (scope !== null && !spec.scopes.includes(scope))) return undefined;
  return { type: 'condition', field: name, operator, value, enabled };
}

/** The catalogue entry, or undefined after reporting why there is none usable. */
function readField(reader: ConditionReader, raw: unknown, path: string) {
  const { errors, scope } = reader;
  if (typeof raw !== 'string' || raw === '') {
    errors.add(path, 'invalid_field', 'field is required (a field name)');
    return undefined;
  }
  const found = lookupField(raw);
  switch (found.kind) {
    case 'unknown':
      errors.add(path, 'unknown_field', 'no such field');
      return undefined;
    case 'later':
      errors.add(path, 'field_not_available', 'this field is not available yet');
      return undefined;
    case 'available':
      // Reported, but the operator and value are still checked: they are independent.
      if (scope !== null && !found.spec.scopes.includes(scope))
        errors.add(
          path,
          'field_not_allowed_for_scope',
          `${found.name} cannot be used on ${scope} rules`,
        );
      return found;
  }
}
