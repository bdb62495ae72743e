import { checkPattern, compilePattern, MAX_PATTERN_LENGTH } from '../../../src/domain/rules';

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
