import { evaluate, type TargetFacts } from '../../../src/domain/rules';
import { allAvailable, condition, group, movieRuleWith, validRule } from './support';

const now = new Date('2026-06-01T00:00:00.000Z');
// Three conditions with known outcomes for `facts`: match, no_match, and unknown (imdb down).
const yes = condition('media.year', 'equals', 1999);
const no = condition('media.year', 'equals', 2000);
const unsure = condition('imdb.rating', 'less_than', 5);
const facts: TargetFacts = { 'media.year': 1999, 'imdb.rating': 4 };
const availability = allAvailable({ imdb: false });

const verdictOf = (root: unknown) => {
  const rule = validRule(movieRuleWith([root]));
  return evaluate(rule, facts, availability, now).verdict;
};

describe('AND and OR groups with unknown (domain.md 3.10)', () => {
  test.each([
    ['and', [yes, yes], 'match'],
    ['and', [yes, unsure], 'unknown'],
    ['and', [unsure, no], 'no_match'],
    ['and', [yes, no], 'no_match'],
    ['or', [unsure, yes], 'match'],
    ['or', [unsure, no], 'unknown'],
    ['or', [no, no], 'no_match'],
  ] as const)('%s of %j → %s', (op, children, expected) => {
    expect(verdictOf(group(op, [...children]))).toBe(expected);
  });

  test('nested groups combine the same way', () => {
    expect(verdictOf(group('or', [group('and', [yes, unsure]), no]))).toBe('unknown');
    expect(verdictOf(group('and', [group('or', [no, yes]), yes]))).toBe('match');
  });
});

describe('disabled conditions and groups are ignored (domain.md 3.2)', () => {
  test('a disabled condition neither matches nor blocks', () => {
    expect(verdictOf(group('and', [yes, { ...no, enabled: false }]))).toBe('match');
  });

  test('a disabled group is ignored, whatever it holds', () => {
    expect(verdictOf(group('and', [yes, group('or', [no], { enabled: false })]))).toBe('match');
  });

  test('a group whose children are all disabled is itself ignored', () => {
    const hollow = group('and', [{ ...no, enabled: false }]);
    expect(verdictOf(group('and', [yes, hollow]))).toBe('match');
    expect(verdictOf(group('or', [no, hollow]))).toBe('no_match');
  });
});

describe('the evaluation report', () => {
  test('lists each condition that took part, in tree order, with path, value and actual', () => {
    const rule = validRule(
      movieRuleWith([yes, { ...no, enabled: false }, group('or', [unsure, no])]),
    );
    const { verdict, conditions } = evaluate(rule, facts, availability, now);
    expect(verdict).toBe('unknown');
    expect(conditions).toEqual([
      {
        path: 'definition.root.children[0]',
        field: 'media.year',
        operator: 'equals',
        value: 1999,
        actual: 1999,
        result: 'match',
      },
      {
        path: 'definition.root.children[2].children[0]',
        field: 'imdb.rating',
        operator: 'less_than',
        value: 5,
        actual: '<unavailable>',
        result: 'unknown',
      },
      {
        path: 'definition.root.children[2].children[1]',
        field: 'media.year',
        operator: 'equals',
        value: 2000,
        actual: 1999,
        result: 'no_match',
      },
    ]);
  });

  test('a stored condition on a field this release does not know is unknown', () => {
    const rule = validRule(movieRuleWith([yes]));
    const stale = {
      definition: {
        ...rule.definition,
        root: {
          ...rule.definition.root,
          children: [{ ...rule.definition.root.children[0], field: 'tmdb.popularity' }],
        },
      },
    };
    // Built by hand on purpose: validation would refuse it, an old stored rule might not.
    const verdict = evaluate(stale as Parameters<typeof evaluate>[0], facts, allAvailable(), now);
    expect(verdict.verdict).toBe('unknown');
  });

  test('the same inputs give the same answer (pure)', () => {
    const rule = validRule(movieRuleWith([group('or', [unsure, yes])]));
    expect(evaluate(rule, facts, availability, now)).toEqual(
      evaluate(rule, facts, availability, now),
    );
  });
});
