/**
 * Field types, the operators each one allows and the shape of `value` each operator takes
 * (domain.md 3.3). Pure data; the validator and the evaluator both read it.
 */
export type FieldType =
  'number' | 'days' | 'text' | 'enum' | 'list' | 'tag_list' | 'path' | 'boolean' | 'user_set';

const COMPARISON = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_or_equal',
  'less_than',
  'less_than_or_equal',
] as const;
const PRESENCE = ['exists', 'not_exists'] as const;
const MEMBERSHIP = ['in', 'not_in'] as const;
const SUBSTRING = ['contains_substring', 'not_contains_substring'] as const;
const REGEX = ['matches_regex', 'not_matches_regex'] as const;
const SET = ['contains_any', 'not_contains_any', 'contains_all', 'not_contains_all'] as const;
const PREFIX = ['starts_with_any', 'not_starts_with_any'] as const;
const TRUTH = ['is_true', 'is_false'] as const;

export const OPERATORS_BY_TYPE = {
  number: [...COMPARISON, ...PRESENCE],
  days: [...COMPARISON, ...PRESENCE],
  text: ['equals', 'not_equals', ...MEMBERSHIP, ...SUBSTRING, ...REGEX, ...PRESENCE],
  enum: ['equals', 'not_equals', ...MEMBERSHIP, ...PRESENCE],
  list: [...SET, ...PRESENCE],
  tag_list: [...SET, ...PRESENCE, ...SUBSTRING, ...REGEX],
  path: [...PREFIX, ...REGEX],
  boolean: [...TRUTH],
  user_set: [...SET],
} as const satisfies Record<FieldType, readonly string[]>;

export type OperatorOf<T extends FieldType> = (typeof OPERATORS_BY_TYPE)[T][number];
export type Operator = OperatorOf<FieldType>;
export type PatternOperator = (typeof SUBSTRING)[number] | (typeof REGEX)[number];

/**
 * What `value` must look like for one operator of one type:
 * `none` takes no value; `number` a bounded number; `string` one text of 1…500 chars;
 * `regex` a pattern; `string_list` texts for `in`/`not_in`; `enum_one`/`enum_list` allowed
 * values; `items` a list of the field's item kind; `prefixes` absolute path prefixes.
 */
export type ValueShape =
  | 'none'
  | 'number'
  | 'string'
  | 'regex'
  | 'string_list'
  | 'enum_one'
  | 'enum_list'
  | 'items'
  | 'prefixes';

export function valueShape(type: FieldType, operator: Operator): ValueShape {
  switch (operator) {
    case 'exists':
    case 'not_exists':
    case 'is_true':
    case 'is_false':
      return 'none';
    case 'matches_regex':
    case 'not_matches_regex':
      return 'regex';
    case 'contains_substring':
    case 'not_contains_substring':
      return 'string';
    case 'in':
    case 'not_in':
      return type === 'enum' ? 'enum_list' : 'string_list';
    case 'equals':
    case 'not_equals':
      if (type === 'enum') return 'enum_one';
      return type === 'text' ? 'string' : 'number';
    case 'greater_than':
    case 'greater_than_or_equal':
    case 'less_than':
    case 'less_than_or_equal':
      return 'number';
    case 'contains_any':
    case 'not_contains_any':
    case 'contains_all':
    case 'not_contains_all':
      return 'items';
    case 'starts_with_any':
    case 'not_starts_with_any':
      return 'prefixes';
  }
}

export function operatorsOf(type: FieldType): readonly Operator[] {
  return OPERATORS_BY_TYPE[type];
}

export function isOperatorOf<T extends FieldType>(
  type: T,
  operator: Operator,
): operator is OperatorOf<T> {
  return operatorsOf(type).includes(operator);
}
