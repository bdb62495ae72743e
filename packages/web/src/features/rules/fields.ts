import type { RuleField } from './model';

/** The input a condition's value needs, from its field type and operator (domain.md §3.3). */
export type ValueKind =
  | 'none'
  | 'number'
  | 'days'
  | 'bytes'
  | 'date'
  | 'text'
  | 'regex'
  | 'text_list'
  | 'enum'
  | 'enum_list'
  | 'list'
  | 'paths';

/** The rule lookup routes (internal-api.md §10) a value picker can read its choices from. */
export type LookupKind =
  | 'libraries'
  | 'genres'
  | 'languages'
  | 'countries'
  | 'movie_collections'
  | 'server_collections'
  | 'seerr_users'
  | 'playback_users'
  | 'paths';

export const FIELD_LOOKUP: Record<string, LookupKind> = {
  'library.id': 'libraries',
  'media.path': 'paths',
  'tmdb.genres': 'genres',
  'tmdb.original_language': 'languages',
  'tmdb.origin_country': 'countries',
  'tmdb.collection': 'movie_collections',
  'media_server.collections': 'server_collections',
  'seerr.requested_by': 'seerr_users',
  'playback.watched_by': 'playback_users',
};

/** Fields whose numbers are bytes: entered with a unit. */
const BYTE_FIELDS = new Set(['media.size_bytes']);

export const OPERATOR_LABEL: Record<string, string> = {
  equals: 'is',
  not_equals: 'is not',
  greater_than: 'is more than',
  greater_than_or_equal: 'is at least',
  less_than: 'is less than',
  less_than_or_equal: 'is at most',
  exists: 'is known',
  not_exists: 'is not known',
  in: 'is one of',
  not_in: 'is none of',
  contains_substring: 'contains',
  not_contains_substring: 'does not contain',
  matches_regex: 'matches the pattern',
  not_matches_regex: 'does not match the pattern',
  contains_any: 'includes any of',
  not_contains_any: 'includes none of',
  contains_all: 'includes all of',
  not_contains_all: 'does not include all of',
  starts_with_any: 'is under any of',
  not_starts_with_any: 'is under none of',
  is_true: 'is yes',
  is_false: 'is no',
};

export function operatorLabel(operator: string): string {
  return OPERATOR_LABEL[operator] ?? operator.replaceAll('_', ' ');
}

const NO_VALUE = new Set(['exists', 'not_exists', 'is_true', 'is_false']);
const LIST_OPS = new Set(['in', 'not_in']);

function schemaOf(field: RuleField, operator: string): unknown {
  return field.value_schema[operator];
}

/** `enum` of a value schema, or of its `items` (lists). */
export function schemaEnum(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  if ('enum' in schema && Array.isArray(schema.enum))
    return schema.enum.filter((v): v is string => typeof v === 'string');
  if ('items' in schema) return schemaEnum(schema.items);
  return [];
}

function schemaFormat(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null || !('format' in schema)) return undefined;
  return typeof schema.format === 'string' ? schema.format : undefined;
}

export function valueKind(field: RuleField | undefined, operator: string): ValueKind {
  if (!field || !operator || NO_VALUE.has(operator)) return 'none';
  if (operator in field.value_schema && schemaOf(field, operator) === null) return 'none';
  if (operator.endsWith('matches_regex')) return 'regex';
  const format = schemaFormat(schemaOf(field, operator));
  if (format === 'date' || format === 'date-time') return 'date';
  switch (field.type) {
    case 'number':
      return BYTE_FIELDS.has(field.field) ? 'bytes' : 'number';
    case 'days':
      return 'days';
    case 'text':
      return LIST_OPS.has(operator) ? 'text_list' : 'text';
    case 'enum':
      return LIST_OPS.has(operator) ? 'enum_list' : 'enum';
    case 'path':
      return 'paths';
    case 'tag_list':
      return operator.includes('substring') ? 'text' : 'list';
    case 'list':
    case 'user_set':
      return 'list';
    case 'boolean':
      return 'none';
  }
}

/** True when two kinds store the same shape of value, so a chosen value can stay. */
function sameShape(a: ValueKind, b: ValueKind): boolean {
  const group = (k: ValueKind) =>
    ['number', 'days', 'bytes'].includes(k)
      ? 'number'
      : ['text', 'regex', 'enum', 'date'].includes(k)
        ? 'string'
        : ['text_list', 'enum_list', 'list', 'paths'].includes(k)
          ? 'list'
          : 'none';
  return group(a) === group(b);
}

export function defaultValue(kind: ValueKind): unknown {
  switch (kind) {
    case 'none':
      return null;
    case 'number':
    case 'days':
    case 'bytes':
      return null;
    case 'date':
    case 'text':
    case 'regex':
    case 'enum':
      return '';
    case 'text_list':
    case 'enum_list':
    case 'list':
    case 'paths':
      return [];
  }
}

/** The value after an operator change: kept when its shape still fits, else reset. */
export function valueAfterOperatorChange(
  field: RuleField | undefined,
  from: string,
  to: string,
  value: unknown,
): unknown {
  const before = valueKind(field, from);
  const after = valueKind(field, to);
  return sameShape(before, after) && after !== 'none' ? value : defaultValue(after);
}

/** Fields for a scope, grouped by source, in the order the API lists them. */
export function fieldsBySource(fields: RuleField[], scope: string): [string, RuleField[]][] {
  const groups = new Map<string, RuleField[]>();
  for (const field of fields) {
    if (!field.first_release || !field.scopes.some((s) => s === scope)) continue;
    groups.set(field.source, [...(groups.get(field.source) ?? []), field]);
  }
  return [...groups];
}
