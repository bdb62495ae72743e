import { formatBytes, formatDateTime } from '../../ui/format';

// How matched_criteria reads: field, operator, expected and actual values in words.

const OPERATORS: Record<string, string> = {
  equals: 'is',
  not_equals: 'is not',
  greater_than: 'is more than',
  greater_than_or_equal: 'is at least',
  less_than: 'is less than',
  less_than_or_equal: 'is at most',
  exists: 'is set',
  not_exists: 'is not set',
  in: 'is one of',
  not_in: 'is none of',
  contains_substring: 'contains',
  not_contains_substring: 'does not contain',
  matches_regex: 'matches pattern',
  not_matches_regex: 'does not match pattern',
  contains_any: 'contains any of',
  not_contains_any: 'contains none of',
  contains_all: 'contains all of',
  not_contains_all: 'does not contain all of',
  starts_with_any: 'starts with any of',
  not_starts_with_any: 'starts with none of',
  is_true: 'is true',
  is_false: 'is false',
};

export function operatorLabel(operator: string): string {
  return OPERATORS[operator] ?? operator.replace(/_/g, ' ');
}

/** Operators that take no value: their expected value is shown as a dash. */
export function takesNoValue(operator: string): boolean {
  return ['exists', 'not_exists', 'is_true', 'is_false'].includes(operator);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value of a condition, readable: sizes in binary units, days, dates, lists, yes/no. */
export function formatConditionValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (value === '<unavailable>') return 'unavailable';
  if (Array.isArray(value))
    return value.length === 0
      ? 'none'
      : value.map((v) => formatConditionValue(field, v)).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (field.endsWith('_bytes')) return formatBytes(value);
    if (field.includes('days_since'))
      return `${value.toLocaleString()} ${value === 1 ? 'day' : 'days'}`;
    if (field.endsWith('_percent')) return `${value.toLocaleString()} %`;
    return value.toLocaleString();
  }
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDateTime(value) : value;
  return JSON.stringify(value);
}

export const RESULT_LABELS = {
  match: 'matched',
  no_match: 'not matched',
  unknown: 'unknown',
} as const;
