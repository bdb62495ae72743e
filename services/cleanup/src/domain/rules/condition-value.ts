import type { FieldSpec, ItemKind, NumberBounds } from './field-catalogue';
import { type Operator, valueShape } from './field-types';
import { isAbsolutePath } from '@mcs/kit';
import { checkPattern } from './regex';
import type { ConditionValue } from './rule-types';
import { lengthWithin } from './text';
import { type ErrorList, item, type RuleValidationContext } from './validation';

/**
 * The `value` of one condition (domain.md 3.3, 3.6): right shape for the operator, within the
 * field's bounds. Returns the normalised value, or undefined after reporting the problems.
 */
export const VALUE_LIMITS = {
  text: 500,
  list: 500,
  users: 100,
  prefixes: 50,
  // The spec bounds the number of prefixes but not their length; 1024 covers real paths.
  path: 1024,
} as const;
const MAX_TEXT = VALUE_LIMITS.text;
const MAX_LIST = VALUE_LIMITS.list;
const MAX_USERS = VALUE_LIMITS.users;
const MAX_PREFIXES = VALUE_LIMITS.prefixes;
const MAX_PATH = VALUE_LIMITS.path;

type Item = string | number;

interface Reader {
  spec: FieldSpec;
  path: string;
  errors: ErrorList;
  context: RuleValidationContext;
}

export function readConditionValue(
  reader: Reader,
  operator: Operator,
  raw: unknown,
): ConditionValue | undefined {
  const { spec, path, errors } = reader;
  switch (valueShape(spec.type, operator)) {
    case 'none':
      // An editor may send an explicit null; anything else is a mistake worth reporting.
      if (raw === undefined || raw === null) return null;
      errors.add(path, 'invalid_value', `${operator} takes no value`);
      return undefined;
    case 'number':
      return readNumber(reader, raw, spec.bounds);
    case 'string':
      return readText(reader, raw, path);
    case 'regex':
      return readPattern(reader, raw);
    case 'string_list':
      return readList(reader, raw, MAX_LIST, (value, at) => readText(reader, value, at));
    case 'enum_one':
      return readEnum(reader, raw, path);
    case 'enum_list':
      return readList(reader, raw, MAX_LIST, (value, at) => readEnum(reader, value, at));
    case 'items': {
      const max = spec.type === 'user_set' ? MAX_USERS : MAX_LIST;
      return readList(reader, raw, max, (value, at) => readItem(reader, value, at));
    }
    case 'prefixes':
      return readList(reader, raw, MAX_PREFIXES, (value, at) => readPrefix(reader, value, at));
  }
}

function readNumber(reader: Reader, raw: unknown, bounds: NumberBounds | undefined) {
  const { min, max, step } = bounds ?? { min: -Infinity, max: Infinity, step: 'any' };
  const ok =
    typeof raw === 'number' &&
    Number.isFinite(raw) &&
    raw >= min &&
    raw <= max &&
    (step !== 'integer' || Number.isInteger(raw)) &&
    // One decimal: 7.3 * 10 is 72.99999999999999 in binary floating point, hence the rounding.
    (step !== 'tenth' || Math.abs(raw * 10 - Math.round(raw * 10)) < 1e-9);
  if (ok) return raw;
  const kind =
    step === 'integer'
      ? 'an integer'
      : step === 'tenth'
        ? 'a number with at most one decimal'
        : 'a number';
  reader.errors.add(reader.path, 'invalid_value', `must be ${kind} from ${min} to ${max}`);
  return undefined;
}

function readText(reader: Reader, raw: unknown, at: string): string | undefined {
  if (typeof raw === 'string' && lengthWithin(raw, 1, MAX_TEXT)) return raw;
  reader.errors.add(at, 'invalid_value', `must be a text of 1 to ${MAX_TEXT} characters`);
  return undefined;
}

function readPattern(reader: Reader, raw: unknown): string | undefined {
  if (typeof raw !== 'string') {
    reader.errors.add(reader.path, 'invalid_value', 'must be a regular expression (a string)');
    return undefined;
  }
  const check = checkPattern(raw);
  if (check.valid) return raw;
  reader.errors.add(reader.path, 'invalid_regex', `invalid regular expression: ${check.error}`);
  return undefined;
}

function readEnum(reader: Reader, raw: unknown, at: string): string | undefined {
  const { spec } = reader;
  if (spec.item === 'language') {
    if (typeof raw === 'string' && /^[a-z]{3}$/.test(raw)) return raw;
    reader.errors.add(at, 'invalid_value', 'must be an ISO 639-3 code (three lower-case letters)');
    return undefined;
  }
  const allowed = spec.allowed ?? [];
  if (typeof raw === 'string' && allowed.includes(raw)) return raw;
  reader.errors.add(at, 'invalid_value', `must be one of: ${allowed.join(', ')}`);
  return undefined;
}

function readItem(reader: Reader, raw: unknown, at: string): Item | undefined {
  const kind: ItemKind = reader.spec.item ?? 'name';
  const fail = (message: string) => void reader.errors.add(at, 'invalid_value', message);
  switch (kind) {
    case 'library_id':
      if (isId(raw) && reader.context.libraryIds.includes(raw)) return raw;
      return fail('must be the id of an existing library');
    case 'collection_id':
      return isId(raw) ? raw : fail('must be a TMDB collection id (a positive integer)');
    case 'country':
      // Countries are stored upper case (2.9.3); either case is accepted on input.
      if (typeof raw === 'string' && /^[A-Za-z]{2}$/.test(raw)) return raw.toUpperCase();
      return fail('must be an ISO 3166-1 alpha-2 country code');
    case 'user_key':
      if (typeof raw === 'string' && /^[1-9]\d*:./s.test(raw) && raw.length <= MAX_TEXT) return raw;
      return fail('must be a user key "<service_config_id>:<user_id>"');
    case 'language':
    case 'name':
    case 'tag':
      return readText(reader, raw, at);
  }
}

function readPrefix(reader: Reader, raw: unknown, at: string): string | undefined {
  if (typeof raw !== 'string' || !lengthWithin(raw, 1, MAX_PATH)) {
    reader.errors.add(at, 'invalid_value', `must be a path of 1 to ${MAX_PATH} characters`);
    return undefined;
  }
  if (isAbsolutePath(raw)) return raw;
  // Paths never appear in error bodies (domain.md 1.12), so the message does not echo it.
  reader.errors.add(at, 'invalid_path', 'must be an absolute path');
  return undefined;
}

/** A list of 1…max items, each read by `one`; a too-long list is not walked item by item. */
function readList<T extends Item>(
  reader: Reader,
  raw: unknown,
  max: number,
  one: (value: unknown, at: string) => T | undefined,
): T[] | undefined {
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > max) {
    reader.errors.add(reader.path, 'invalid_value', `must be a list of 1 to ${max} values`);
    return undefined;
  }
  const values = raw.map((value: unknown, index) => one(value, item(reader.path, index)));
  return values.every((value): value is T => value !== undefined) ? values : undefined;
}

function isId(raw: unknown): raw is number {
  return typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0;
}
