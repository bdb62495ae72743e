import {
  type ConditionValue,
  evaluate,
  type FieldName,
  type Operator,
  type SourceAvailability,
  type TargetFacts,
  UNKNOWN_FACT,
} from '../../../src/domain/rules';
import { allAvailable, single } from './support';

const now = new Date('2026-06-01T00:00:00.000Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

/** The one condition's result and actual for these facts. */
function run(
  field: FieldName,
  operator: Operator,
  value: ConditionValue,
  facts: TargetFacts,
  availability: SourceAvailability = allAvailable(),
) {
  const { verdict, conditions } = evaluate(
    single(field, operator, value),
    facts,
    availability,
    now,
  );
  expect(conditions).toHaveLength(1);
  expect(conditions[0]?.result).toBe(verdict);
  return { result: verdict, actual: conditions[0]?.actual };
}
const verdict = (...args: Parameters<typeof run>) => run(...args).result;

describe('absent vs unavailable (domain.md 3.3, 3.10)', () => {
  test('an unavailable source makes every operator unknown, actual "<unavailable>"', () => {
    const down = allAvailable({ catalog: false });
    expect(run('media.year', 'not_exists', null, {}, down)).toEqual({
      result: 'unknown',
      actual: '<unavailable>',
    });
    expect(verdict('media.title', 'not_equals', 'x', { 'media.title': 'y' }, down)).toBe('unknown');
  });

  test('an absent value satisfies only not_exists; negative operators are no_match too', () => {
    expect(run('media.year', 'not_exists', null, {})).toEqual({ result: 'match', actual: null });
    expect(verdict('media.year', 'exists', null, {})).toBe('no_match');
    expect(verdict('media.year', 'not_equals', 1999, { 'media.year': null })).toBe('no_match');
    expect(verdict('media.title', 'not_in', ['x'], {})).toBe('no_match');
    expect(verdict('media.title', 'not_matches_regex', 'x', {})).toBe('no_match');
    expect(verdict('media.path', 'not_starts_with_any', ['/m'], {})).toBe('no_match');
  });

  test('a fact marked unknown (e.g. TMDB metadata never fetched) is unknown', () => {
    const facts: TargetFacts = { 'tmdb.vote_average': UNKNOWN_FACT };
    expect(run('tmdb.vote_average', 'not_exists', null, facts)).toEqual({
      result: 'unknown',
      actual: '<unavailable>',
    });
  });

  test('a field with several sources needs all of them (seerr + playback)', () => {
    const facts = { 'seerr.requester_has_watched': true };
    expect(verdict('seerr.requester_has_watched', 'is_true', null, facts)).toBe('match');
    const noPlayback = allAvailable({ playback: false });
    expect(verdict('seerr.requester_has_watched', 'is_true', null, facts, noPlayback)).toBe(
      'unknown',
    );
  });

  test('series.status ("tmdb / arr") is known while either source is available', () => {
    const facts = { 'series.status': 'ended' };
    const tmdbDown = allAvailable({ tmdb: false });
    expect(verdict('series.status', 'equals', 'ended', facts, tmdbDown)).toBe('match');
    const bothDown = allAvailable({ tmdb: false, arr: false });
    expect(verdict('series.status', 'equals', 'ended', facts, bothDown)).toBe('unknown');
  });
});

describe('number and days operators', () => {
  test.each([
    ['equals', 1999, 'match'],
    ['not_equals', 1999, 'no_match'],
    ['greater_than', 1999, 'no_match'],
    ['greater_than_or_equal', 1999, 'match'],
    ['less_than', 2000, 'match'],
    ['less_than_or_equal', 1998, 'no_match'],
  ] as const)('media.year 1999 %s %p → %s', (operator, value, expected) => {
    expect(verdict('media.year', operator, value, { 'media.year': 1999 })).toBe(expected);
  });

  test('days are whole days elapsed at now, from the timestamp', () => {
    const added = new Date(now.getTime() - 10 * DAY + 1000); // 9 days 23:59:59 ago
    const facts = { 'media.days_since_added': added };
    expect(run('media.days_since_added', 'greater_than_or_equal', 9, facts)).toEqual({
      result: 'match',
      actual: 9,
    });
    expect(verdict('media.days_since_added', 'greater_than', 9, facts)).toBe('no_match');
    expect(
      verdict('media.days_since_added', 'equals', 10, { 'media.days_since_added': daysAgo(10) }),
    ).toBe('match');
  });

  test('a sanitised date is absent: no age condition can match it', () => {
    for (const stamp of [null, new Date(Number.NaN)]) {
      const facts = { 'watch.days_since_last_watched': stamp };
      expect(verdict('watch.days_since_last_watched', 'less_than', 36_500, facts)).toBe('no_match');
      expect(verdict('watch.days_since_last_watched', 'greater_than', 0, facts)).toBe('no_match');
      expect(verdict('watch.days_since_last_watched', 'not_exists', null, facts)).toBe('match');
    }
  });

  test('a days field of an unavailable source is unknown (file.days_since_added needs arr)', () => {
    const facts = { 'file.days_since_added': daysAgo(400) };
    const noArr = allAvailable({ arr: false });
    expect(verdict('file.days_since_added', 'greater_than', 365, facts, noArr)).toBe('unknown');
  });
});

describe('text operators: case-insensitive after NFC', () => {
  const facts = { 'media.title': 'Amélie' };
  const decomposed = 'AME\u0301LIE';

  test.each([
    ['equals', decomposed, 'match'],
    ['not_equals', decomposed, 'no_match'],
    ['in', ['Alien', 'amélie'], 'match'],
    ['not_in', ['Alien'], 'match'],
    ['contains_substring', 'MÉL', 'match'],
    ['not_contains_substring', 'mél', 'no_match'],
    ['matches_regex', '^amé', 'match'],
    ['not_matches_regex', 'lie$', 'no_match'],
    ['exists', null, 'match'],
    ['not_exists', null, 'no_match'],
  ] as const)('"Amélie" %s %p → %s', (operator, value, expected) => {
    expect(verdict('media.title', operator, value, facts)).toBe(expected);
  });
});

describe('enum operators', () => {
  const facts = { 'video.resolution': '2160p' };
  test.each([
    ['equals', '2160p', 'match'],
    ['not_equals', '2160p', 'no_match'],
    ['in', ['1080p', '2160p'], 'match'],
    ['not_in', ['sd'], 'match'],
    ['exists', null, 'match'],
  ] as const)('2160p %s %p → %s', (operator, value, expected) => {
    expect(verdict('video.resolution', operator, value, facts)).toBe(expected);
  });
});
