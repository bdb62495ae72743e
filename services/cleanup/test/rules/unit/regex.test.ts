import { RE2JS } from 're2js';
import {
  checkPattern,
  compilePattern,
  MAX_PATTERN_LENGTH,
  MAX_PROGRAM_SIZE,
} from '../../../src/domain/rules';
import { expandedSize } from '../../../src/domain/rules/regex-size';

describe('rule patterns run on a linear-time engine (domain.md 3.3)', () => {
  test('a catastrophic pattern answers quickly: (a+)+$ against 50 a and a "!"', () => {
    const regex = compilePattern('(a+)+$', 'insensitive');
    const started = process.hrtime.bigint();
    const matched = regex?.test(`${'a'.repeat(50)}!`);
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(matched).toBe(false);
    // A backtracking engine needs ~2^50 steps here; a linear one, microseconds.
    expect(elapsedMs).toBeLessThan(200);
  });

  test.each([
    ['backreference', '(a)\\1', 'backreferences are not supported'],
    ['look-ahead', 'foo(?=bar)', 'look-around assertions are not supported'],
    ['negative look-ahead', 'foo(?!bar)', 'look-around assertions are not supported'],
    ['look-behind', '(?<=foo)bar', 'look-around assertions are not supported'],
    ['negative look-behind', '(?<!foo)bar', 'look-around assertions are not supported'],
  ])('a %s is rejected', (_kind, pattern, error) => {
    expect(checkPattern(pattern)).toEqual({ valid: false, error });
    expect(compilePattern(pattern, 'sensitive')).toBeNull();
  });

  test('a syntax error is reported in RE2 words', () => {
    expect(checkPattern('(b')).toEqual({ valid: false, error: 'missing closing ): `(b`' });
  });

  test(`patterns are 1 to ${MAX_PATTERN_LENGTH} characters`, () => {
    expect(checkPattern('a'.repeat(MAX_PATTERN_LENGTH))).toEqual({ valid: true });
    expect(checkPattern('a'.repeat(MAX_PATTERN_LENGTH + 1)).valid).toBe(false);
    expect(checkPattern('').valid).toBe(false);
  });

  test('matching is unanchored unless the pattern anchors itself', () => {
    expect(compilePattern('rip', 'sensitive')?.test('a.dvdrip.mkv')).toBe(true);
    expect(compilePattern('^rip', 'sensitive')?.test('a.dvdrip.mkv')).toBe(false);
  });

  test('case-insensitive for text, case-sensitive for paths', () => {
    expect(compilePattern('remux', 'insensitive')?.test('Movie.REMUX.mkv')).toBe(true);
    expect(compilePattern('remux', 'sensitive')?.test('Movie.REMUX.mkv')).toBe(false);
    expect(compilePattern('ÉTÉ', 'insensitive')?.test('un été')).toBe(true);
  });
});

describe(`patterns expand to at most ${MAX_PROGRAM_SIZE} instructions (issue 25)`, () => {
  test.each([
    ['nested counts', '((a{1000}){1000}){1000}'],
    ['a non-capturing square', '(?:x{500}){500}'],
    ['a count of a count', 'a{1001}{1001}'],
    ['twelve levels of {3}', `${'(?:'.repeat(12)}b${'){3}'.repeat(12)}`],
    ['a long group repeated', `(?:${'c'.repeat(500)}){1000}`],
    ['classes repeated', `(?:${'\\pL'.repeat(160)}){1000}`],
    ['counts in a row', '.{1000}'.repeat(6)],
    ['a lazy count', `(?:${'d'.repeat(10)}){600}?`],
  ])('%s is refused without compiling, naming the limit', (_kind, pattern) => {
    const started = process.hrtime.bigint();
    const check = checkPattern(pattern);
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(check).toEqual({
      valid: false,
      error: expect.stringContaining(`more than ${MAX_PROGRAM_SIZE} instructions`) as unknown,
    });
    expect(elapsedMs).toBeLessThan(100);
  });

  test.each([
    '\\d{1,4}',
    '(a{2}){3}',
    'S\\d{2}E\\d{2}',
    '(?i)\\b(?:remux|bluray|web-?dl)\\b',
    '^/media/movies/[^/]+\\.mkv$',
    '(?P<year>\\d{4})',
    '.{0,1000}',
    '(?:(?:a{10}){10}){10}',
    '\\Q(a){1000}{1000}\\E',
  ])('%s stays valid', (pattern) => {
    expect(checkPattern(pattern)).toEqual({ valid: true });
  });

  // Counting low would let a pattern past the cap compile; these cover RE2's syntax corners.
  test.each([
    ['^', 3],
    ['a{1000}', 1002],
    ['(a{2}){3}', 14],
    ['\\d{1,4}', 9],
    ['.{0,1000}', 2002],
    ['(?:ab|cd|ef){3,5}', 44],
    ['(|a){5}', 27],
    ['[]a]{10}', 12],
    ['[^]a]{10}', 12],
    ['[[:alpha:]]{3,}', 6],
    ['\\p{Greek}+', 4],
    ['\\x{263a}{7}', 9],
    ['\\pL{10}', 12],
    ['\\x41{9}', 11],
    ['\\Q(a){1000}\\E', 11],
    ['(?P<year>\\d{4})', 8],
    ['(?i:ab){4}', 10],
    ['a{010}', 8],
  ])('%s counts as re2js compiles it: %d', (pattern, size) => {
    expect(RE2JS.compile(pattern).programSize()).toBe(size);
    expect(expandedSize(pattern)).toBe(size);
  });

  test('it never counts below what re2js compiles', () => {
    const parts = ['a', '.', '\\d', '\\pL', '[a-z]', '[]x]', '(', ')', '(?:', '(?i)', '|'];
    const suffixes = ['*', '+', '?', '{2}', '{1,3}', '{0,}', '{3,}', '{0}', '*?', '\\Qx(\\E'];
    let compiled = 0;
    // A fixed walk through combinations, so a failure reproduces.
    for (let seed = 0; seed < 8_000; seed += 1) {
      let pattern = '';
      for (let n = seed, i = 0; i < 6; i += 1, n = Math.floor(n / 7))
        pattern += `${parts[(n + i) % parts.length]}${n % 3 === 0 ? suffixes[(n + seed) % suffixes.length] : ''}`;
      let size: number;
      try {
        size = RE2JS.compile(pattern).programSize();
      } catch {
        continue;
      }
      compiled += 1;
      if (expandedSize(pattern) < size)
        throw new Error(`${pattern}: ${expandedSize(pattern)} < ${size}`);
    }
    expect(compiled).toBeGreaterThan(1000);
  });
});
