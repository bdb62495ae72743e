import { validateRule } from '../../../src/domain/rules';
import { condition, context, errorsOf, movieRuleWith, seriesRule, validRule } from './support';

const AT = 'definition.root.children[0]';
/** Code and path of every error of a movie rule holding this one condition. */
const problems = (field: string, operator: string, value?: unknown) => {
  const result = validateRule(movieRuleWith([condition(field, operator, value)]), context());
  return result.ok ? [] : result.errors.map(({ code, name }) => `${code} ${name}`);
};
/** The value a movie rule stores for this one condition. */
const stored = (field: string, operator: string, value?: unknown) =>
  validRule(movieRuleWith([condition(field, operator, value)])).definition.root.children[0];

describe('condition fields (domain.md 3.9 step 4)', () => {
  test('a field nobody knows is unknown_field', () => {
    expect(problems('media.nonsense', 'equals', 'x')).toEqual([`unknown_field ${AT}.field`]);
  });

  test('a catalogued later field is field_not_available', () => {
    expect(problems('tmdb.popularity', 'greater_than', 5)).toEqual([
      `field_not_available ${AT}.field`,
    ]);
  });

  test('a missing field name is invalid_field', () => {
    expect(problems('', 'equals', 'x')).toEqual([`invalid_field ${AT}.field`]);
  });

  test('a field outside the rule scope is field_not_allowed_for_scope', () => {
    const rule = seriesRule('season', [condition('tmdb.collection', 'exists')]);
    expect(errorsOf(rule)).toEqual([
      {
        name: `${AT}.field`,
        code: 'field_not_allowed_for_scope',
        message: 'tmdb.collection cannot be used on season rules',
      },
    ]);
    const episodeOnly = seriesRule('season', [condition('episode.days_since_air_date', 'exists')]);
    expect(errorsOf(episodeOnly)[0]?.code).toBe('field_not_allowed_for_scope');
  });

  test('scope and operator problems of one condition are both reported', () => {
    const rule = seriesRule('series', [condition('video.codec', 'greater_than', 3)]);
    expect(errorsOf(rule).map((error) => error.code)).toEqual([
      'field_not_allowed_for_scope',
      'operator_not_allowed',
    ]);
  });
});

describe('condition operators (domain.md 3.3)', () => {
  test.each([
    ['media.title', 'greater_than'],
    ['media.year', 'contains_substring'],
    ['watch.never_watched', 'equals'],
    ['playback.watched_by', 'exists'],
    ['library.id', 'contains_all'],
    ['media.path', 'equals'],
    ['media.title', 'like'],
  ])('%s does not take %s: operator_not_allowed', (field, operator) => {
    expect(problems(field, operator, 'x')).toEqual([`operator_not_allowed ${AT}.operator`]);
  });

  test('a missing operator is invalid_field', () => {
    expect(problems('media.title', '', 'x')).toEqual([`invalid_field ${AT}.operator`]);
  });
});

describe('condition values: shapes and bounds (domain.md 3.3, 3.6)', () => {
  test('presence and boolean operators take no value (null is tolerated)', () => {
    expect(stored('media.year', 'exists', null)).toMatchObject({ value: null });
    expect(stored('video.hdr', 'is_true')).toMatchObject({ value: null });
    expect(problems('media.year', 'not_exists', 5)).toEqual([`invalid_value ${AT}.value`]);
  });

  test.each([
    ['media.days_since_added', 36_500, true],
    ['media.days_since_added', 36_501, false],
    ['media.days_since_added', 1.5, false],
    ['media.days_since_added', -1, false],
    ['tmdb.vote_average', 7.3, true],
    ['tmdb.vote_average', 7.25, false],
    ['imdb.rating', 10.1, false],
    ['disk.free_percent', 55.55, true],
    ['disk.free_percent', 101, false],
    ['media.size_bytes', Number.MAX_SAFE_INTEGER, true],
    ['media.size_bytes', 2 ** 53, false],
    ['watch.view_count', 0.5, false],
    ['movie.version_count', 0, false],
    ['media.year', 1999, true],
    ['media.year', '1999', false],
    ['media.year', Number.NaN, false],
  ])('%s greater_than_or_equal %p: valid = %p', (field, value, valid) => {
    expect(problems(field, 'greater_than_or_equal', value)).toEqual(
      valid ? [] : [`invalid_value ${AT}.value`],
    );
  });

  test('texts are 1 to 500 characters; in / not_in take 1 to 500 of them', () => {
    expect(problems('media.title', 'equals', '')).toEqual([`invalid_value ${AT}.value`]);
    expect(problems('media.title', 'equals', 't'.repeat(501))).toEqual([
      `invalid_value ${AT}.value`,
    ]);
    expect(problems('media.title', 'in', [])).toEqual([`invalid_value ${AT}.value`]);
    expect(problems('media.title', 'in', ['a', 2, ''])).toEqual([
      `invalid_value ${AT}.value[1]`,
      `invalid_value ${AT}.value[2]`,
    ]);
  });

  test('enums take their listed values exactly; languages are ISO 639-3', () => {
    expect(stored('video.resolution', 'in', ['sd', '2160p'])).toMatchObject({
      value: ['sd', '2160p'],
    });
    expect(problems('video.resolution', 'equals', '480p')).toEqual([`invalid_value ${AT}.value`]);
    expect(problems('video.codec', 'not_in', ['hevc', 'H264'])).toEqual([
      `invalid_value ${AT}.value[1]`,
    ]);
    expect(problems('tmdb.original_language', 'equals', 'eng')).toEqual([]);
    expect(problems('tmdb.original_language', 'equals', 'en')).toEqual([
      `invalid_value ${AT}.value`,
    ]);
  });

  test('library.id takes ids of existing libraries only', () => {
    expect(problems('library.id', 'contains_any', [1, 99, '2'])).toEqual([
      `invalid_value ${AT}.value[1]`,
      `invalid_value ${AT}.value[2]`,
    ]);
  });

  test('countries are ISO 3166-1 alpha-2, stored upper case', () => {
    expect(stored('tmdb.origin_country', 'contains_any', ['us', 'FR'])).toMatchObject({
      value: ['US', 'FR'],
    });
    expect(problems('tmdb.origin_country', 'contains_any', ['USA'])).toEqual([
      `invalid_value ${AT}.value[0]`,
    ]);
  });

  test('TMDB collection ids are positive integers', () => {
    expect(problems('tmdb.collection', 'contains_any', [10, 0, 1.5])).toEqual([
      `invalid_value ${AT}.value[1]`,
      `invalid_value ${AT}.value[2]`,
    ]);
  });

  test('user sets take 1 to 100 keys "<service_config_id>:<user id>"', () => {
    expect(problems('playback.watched_by', 'contains_any', ['3:abc', 'alice', ':x'])).toEqual([
      `invalid_value ${AT}.value[1]`,
      `invalid_value ${AT}.value[2]`,
    ]);
    const keys = Array.from({ length: 101 }, (_, index) => `3:user${index}`);
    expect(problems('seerr.requested_by', 'contains_all', keys)).toEqual([
      `invalid_value ${AT}.value`,
    ]);
  });

  test('tag lists take the list shape and the text shape', () => {
    expect(problems('arr.tags', 'contains_any', ['keep'])).toEqual([]);
    expect(problems('arr.tags', 'contains_substring', 'kee')).toEqual([]);
    expect(problems('arr.tags', 'contains_substring', ['kee'])).toEqual([
      `invalid_value ${AT}.value`,
    ]);
  });
});

describe('path prefixes and patterns (domain.md 3.3)', () => {
  test('relative prefixes are invalid_path, and the message never echoes the path', () => {
    const errors = errorsOf(
      movieRuleWith([condition('media.path', 'starts_with_any', ['/media/movies', 'secret/dir'])]),
    );
    expect(errors).toEqual([
      { name: `${AT}.value[1]`, code: 'invalid_path', message: 'must be an absolute path' },
    ]);
  });

  test('1 to 50 prefixes, each a non-empty string', () => {
    const many = Array.from({ length: 51 }, (_, index) => `/m/${index}`);
    expect(problems('media.path', 'starts_with_any', many)).toEqual([`invalid_value ${AT}.value`]);
    expect(problems('media.path', 'not_starts_with_any', ['/m', 5])).toEqual([
      `invalid_value ${AT}.value[1]`,
    ]);
  });

  test('a pattern that RE2 refuses is invalid_regex', () => {
    expect(problems('media.title', 'matches_regex', '(?i)(remux|(b)')).toEqual([
      `invalid_regex ${AT}.value`,
    ]);
    expect(problems('media.path', 'not_matches_regex', '(\\w+)\\1')).toEqual([
      `invalid_regex ${AT}.value`,
    ]);
    expect(problems('arr.tags', 'matches_regex', '^(?!keep)')).toEqual([
      `invalid_regex ${AT}.value`,
    ]);
    expect(problems('media.title', 'matches_regex', 'x'.repeat(513))).toEqual([
      `invalid_regex ${AT}.value`,
    ]);
  });

  test('a pattern that is not a string is invalid_value', () => {
    expect(problems('media.title', 'matches_regex', ['a'])).toEqual([`invalid_value ${AT}.value`]);
  });
});
