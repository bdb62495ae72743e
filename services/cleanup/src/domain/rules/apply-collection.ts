import { applyPattern } from './apply-scalar';
import type { ItemKind } from './field-catalogue';
import type { OperatorOf } from './field-types';
import type { ConditionValue } from './rule-types';
import { foldText } from './text';
import { type Verdict, verdictOf } from './verdict';

/**
 * Operators on a present list, tag list or user set (domain.md 3.3). A known empty list is a
 * value: `exists` is "known and non-empty", `not_exists` "known and empty" (absence is handled
 * before we get here).
 */
export function applyCollection(
  operator: OperatorOf<'tag_list'>,
  expected: ConditionValue,
  actual: readonly (string | number)[],
  kind: ItemKind,
): Verdict {
  switch (operator) {
    case 'exists':
      return verdictOf(actual.length > 0);
    case 'not_exists':
      return verdictOf(actual.length === 0);
    case 'contains_any':
    case 'not_contains_any':
    case 'contains_all':
    case 'not_contains_all':
      return applySet(operator, expected, actual, kind);
    case 'contains_substring':
    case 'not_contains_substring':
    case 'matches_regex':
    case 'not_matches_regex': {
      // Tag lists also take the text operators: true when any tag matches (3.3).
      const tags = actual.filter((entry): entry is string => typeof entry === 'string');
      return applyPattern(operator, expected, tags, 'insensitive');
    }
  }
}

type SetOperator = OperatorOf<'user_set'>;

function applySet(
  operator: SetOperator,
  expected: ConditionValue,
  actual: readonly (string | number)[],
  kind: ItemKind,
): Verdict {
  if (!Array.isArray(expected)) return 'unknown';
  const held = new Set(actual.map((entry) => keyOf(entry, kind)));
  const wanted: readonly (string | number)[] = expected;
  const has = (entry: string | number) => held.has(keyOf(entry, kind));
  switch (operator) {
    case 'contains_any':
      return verdictOf(wanted.some(has));
    case 'not_contains_any':
      return verdictOf(!wanted.some(has));
    case 'contains_all':
      return verdictOf(wanted.every(has));
    case 'not_contains_all':
      return verdictOf(!wanted.every(has));
  }
}

/**
 * How two items compare: ids by number, names, tags and country codes ignoring case after NFC
 * (genre names are explicitly case-insensitive; tags are stored lower case anyway), user keys
 * exactly since they embed external ids.
 */
function keyOf(entry: string | number, kind: ItemKind): string {
  switch (kind) {
    case 'library_id':
    case 'collection_id':
    case 'user_key':
      return String(entry);
    case 'name':
    case 'tag':
    case 'country':
    case 'language':
      return foldText(String(entry));
  }
}
