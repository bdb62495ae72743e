import type { OperatorOf, PatternOperator } from './field-types';
import { isUnderPrefix, normalizePath } from '@mcs/kit';
import { compilePattern, type PatternCase } from './regex';
import type { ConditionValue } from './rule-types';
import { foldText } from './text';
import { type Verdict, verdictOf } from './verdict';

/**
 * Operators on one present value (domain.md 3.3): numbers and days, text, enums, booleans,
 * paths. A condition value of the wrong shape can only come from a stored rule that skipped
 * validation; it answers unknown rather than deciding anything.
 */
export function applyNumber(
  operator: OperatorOf<'number'>,
  expected: ConditionValue,
  actual: number,
): Verdict {
  if (operator === 'exists') return 'match';
  if (operator === 'not_exists') return 'no_match';
  if (typeof expected !== 'number') return 'unknown';
  switch (operator) {
    case 'equals':
      return verdictOf(actual === expected);
    case 'not_equals':
      return verdictOf(actual !== expected);
    case 'greater_than':
      return verdictOf(actual > expected);
    case 'greater_than_or_equal':
      return verdictOf(actual >= expected);
    case 'less_than':
      return verdictOf(actual < expected);
    case 'less_than_or_equal':
      return verdictOf(actual <= expected);
  }
}

/** Case-insensitive after NFC, regex included. */
export function applyText(
  operator: OperatorOf<'text'>,
  expected: ConditionValue,
  actual: string,
): Verdict {
  const folded = foldText(actual);
  switch (operator) {
    case 'exists':
      return 'match';
    case 'not_exists':
      return 'no_match';
    case 'equals':
    case 'not_equals':
      return typeof expected === 'string'
        ? verdictOf((folded === foldText(expected)) === (operator === 'equals'))
        : 'unknown';
    case 'in':
    case 'not_in':
      return isStrings(expected)
        ? verdictOf(expected.some((entry) => foldText(entry) === folded) === (operator === 'in'))
        : 'unknown';
    case 'contains_substring':
    case 'not_contains_substring':
    case 'matches_regex':
    case 'not_matches_regex':
      return applyPattern(operator, expected, [actual], 'insensitive');
  }
}

/** Enum values are matched exactly: validation only lets the canonical spellings in. */
export function applyEnum(
  operator: OperatorOf<'enum'>,
  expected: ConditionValue,
  actual: string,
): Verdict {
  switch (operator) {
    case 'exists':
      return 'match';
    case 'not_exists':
      return 'no_match';
    case 'equals':
    case 'not_equals':
      return typeof expected === 'string'
        ? verdictOf((actual === expected) === (operator === 'equals'))
        : 'unknown';
    case 'in':
    case 'not_in':
      return isStrings(expected)
        ? verdictOf(expected.includes(actual) === (operator === 'in'))
        : 'unknown';
  }
}

export function applyBoolean(operator: OperatorOf<'boolean'>, actual: boolean): Verdict {
  return verdictOf(operator === 'is_true' ? actual : !actual);
}

/**
 * Prefixes on whole segments; regexes case-sensitive and, like prefixes, against the path with
 * its separators normalised to `/`, so one pattern serves POSIX and Windows servers alike.
 */
export function applyPath(
  operator: OperatorOf<'path'>,
  expected: ConditionValue,
  actual: string,
): Verdict {
  switch (operator) {
    case 'starts_with_any':
    case 'not_starts_with_any': {
      if (!isStrings(expected)) return 'unknown';
      const under = expected.some((prefix) => isUnderPrefix(actual, prefix));
      return verdictOf(under === (operator === 'starts_with_any'));
    }
    case 'matches_regex':
    case 'not_matches_regex':
      return applyPattern(operator, expected, [normalizePath(actual)], 'sensitive');
  }
}

/**
 * Substring and regex operators over one or more subjects: a tag list matches when any tag
 * does, the negative forms when none does. Text subjects and patterns are NFC-normalised.
 */
export function applyPattern(
  operator: PatternOperator,
  expected: ConditionValue,
  subjects: readonly string[],
  patternCase: PatternCase,
): Verdict {
  if (typeof expected !== 'string') return 'unknown';
  const test = subjectTest(operator, expected, patternCase);
  if (test === null) return 'unknown';
  const positive = operator === 'contains_substring' || operator === 'matches_regex';
  return verdictOf(subjects.some(test) === positive);
}

function subjectTest(
  operator: PatternOperator,
  expected: string,
  patternCase: PatternCase,
): ((subject: string) => boolean) | null {
  switch (operator) {
    case 'contains_substring':
    case 'not_contains_substring': {
      const needle = foldText(expected);
      return (subject) => foldText(subject).includes(needle);
    }
    case 'matches_regex':
    case 'not_matches_regex': {
      const text = patternCase === 'insensitive';
      const regex = compilePattern(text ? expected.normalize('NFC') : expected, patternCase);
      if (regex === null) return null;
      return (subject) => regex.test(text ? subject.normalize('NFC') : subject);
    }
  }
}

export function isStrings(value: ConditionValue): value is readonly string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}
