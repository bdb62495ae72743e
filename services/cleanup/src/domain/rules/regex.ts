import { RE2JS } from 're2js';
import { expandedSize } from './regex-size';

/**
 * Rule patterns (domain.md 3.3): compiled by re2js, a pure-JavaScript port of RE2, so matching
 * is linear in the subject's length whatever the pattern (no catastrophic backtracking) and
 * RE2's syntax applies: backreferences and look-around are syntax errors. re2js can enable
 * look-behinds with a flag; it is never passed, so the accepted syntax stays plain RE2.
 */
export const MAX_PATTERN_LENGTH = 512;

/**
 * The most instructions a pattern may expand to once its repetitions are unrolled (decision
 * 011). re2js's own caps still let a short pattern unroll into a huge program, and compiling
 * and every match pay for its size. Checked on the text, before anything is compiled.
 */
export const MAX_PROGRAM_SIZE = 5_000;

/** `insensitive` for text and tag_list fields, `sensitive` for paths. */
export type PatternCase = 'insensitive' | 'sensitive';

export type PatternCheck = { valid: true } | { valid: false; error: string };

export interface LinearRegex {
  /** Unanchored search: true when the pattern matches anywhere in the subject. */
  test(subject: string): boolean;
}

type Compiled = { regex: LinearRegex } | { error: string };

// Scans evaluate the same few patterns against thousands of targets; compiling once per
// pattern keeps that cheap. Bounded so hostile previews cannot grow it without limit.
const CACHE_LIMIT = 256;
const cache = new Map<string, Compiled>();

export function checkPattern(pattern: string): PatternCheck {
  const compiled = compileCached(pattern, 'sensitive');
  return 'error' in compiled ? { valid: false, error: compiled.error } : { valid: true };
}

/** The compiled pattern, or null when it is invalid (validation reports why). */
export function compilePattern(pattern: string, patternCase: PatternCase): LinearRegex | null {
  const compiled = compileCached(pattern, patternCase);
  return 'regex' in compiled ? compiled.regex : null;
}

function compileCached(pattern: string, patternCase: PatternCase): Compiled {
  const key = `${patternCase}:${pattern}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compiled = compile(pattern, patternCase);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

function compile(pattern: string, patternCase: PatternCase): Compiled {
  if (pattern.length === 0) return { error: 'the pattern is empty' };
  if (pattern.length > MAX_PATTERN_LENGTH)
    return { error: `the pattern is longer than ${MAX_PATTERN_LENGTH} characters` };
  if (expandedSize(pattern) > MAX_PROGRAM_SIZE)
    return {
      error: `the pattern expands to more than ${MAX_PROGRAM_SIZE} instructions once its repetitions are unrolled (nested counts multiply)`,
    };
  try {
    const flags = patternCase === 'insensitive' ? RE2JS.CASE_INSENSITIVE : 0;
    const re = RE2JS.compile(pattern, flags);
    return { regex: { test: (subject) => re.test(subject) } };
  } catch (error) {
    return { error: describe(pattern, error) };
  }
}

/** RE2's own wording for look-behind is "invalid named capture"; say what is really wrong. */
function describe(pattern: string, error: unknown): string {
  if (/\(\?<?[=!]/.test(pattern)) return 'look-around assertions are not supported';
  if (/\\[1-9]/.test(pattern)) return 'backreferences are not supported';
  const detail = error instanceof Error ? error.message : 'the pattern does not compile';
  return detail.replace(/^error parsing regexp: /, '');
}
