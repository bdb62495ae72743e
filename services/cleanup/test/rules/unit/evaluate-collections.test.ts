import {
  type ConditionValue,
  evaluate,
  type FieldName,
  type Operator,
  type TargetFacts,
} from '../../../src/domain/rules';
import { allAvailable, single } from './support';

const now = new Date('2026-06-01T00:00:00.000Z');
const verdict = (field: FieldName, operator: Operator, value: ConditionValue, facts: TargetFacts) =>
  evaluate(single(field, operator, value), facts, allAvailable(), now).verdict;

describe('list operators (domain.md 3.3)', () => {
  const facts = { 'tmdb.genres': ['Drama', 'Comedy'] };
  test.each([
    ['contains_any', ['drama', 'horror'], 'match'],
    ['not_contains_any', ['horror'], 'match'],
    ['not_contains_any', ['COMEDY'], 'no_match'],
    ['contains_all', ['drama', 'horror'], 'no_match'],
    ['contains_all', ['comedy', 'drama'], 'match'],
    ['not_contains_all', ['drama', 'horror'], 'match'],
    ['exists', null, 'match'],
    ['not_exists', null, 'no_match'],
  ] as const)(
    'genres Drama, Comedy %s %p → %s (names ignore case)',
    (operator, value, expected) => {
      expect(verdict('tmdb.genres', operator, value, facts)).toBe(expected);
    },
  );

  test('a known empty list is a value: not_exists and the negative operators match', () => {
    const empty = { 'media_server.collections': [] };
    expect(verdict('media_server.collections', 'not_exists', null, empty)).toBe('match');
    expect(verdict('media_server.collections', 'exists', null, empty)).toBe('no_match');
    expect(verdict('media_server.collections', 'not_contains_any', ['Kids'], empty)).toBe('match');
  });

  test('an absent list (no collection) satisfies only not_exists', () => {
    expect(verdict('tmdb.collection', 'not_exists', null, {})).toBe('match');
    expect(verdict('tmdb.collection', 'exists', null, {})).toBe('no_match');
    expect(verdict('tmdb.collection', 'not_contains_any', [10], {})).toBe('no_match');
  });

  test('ids compare by number: library.id and TMDB collections', () => {
    expect(verdict('library.id', 'contains_any', [1, 2], { 'library.id': [2] })).toBe('match');
    expect(verdict('library.id', 'not_contains_any', [1], { 'library.id': [2] })).toBe('match');
    expect(verdict('tmdb.collection', 'contains_any', [87], { 'tmdb.collection': [87] })).toBe(
      'match',
    );
  });
});

describe('tag-list operators: list operators plus text ones over any tag', () => {
  const facts = { 'arr.tags': ['keep-4k', 'kids'] };
  test.each([
    ['contains_any', ['KIDS'], 'match'],
    ['contains_substring', 'KEEP', 'match'],
    ['not_contains_substring', 'keep', 'no_match'],
    ['not_contains_substring', 'anime', 'match'],
    ['matches_regex', '^kid', 'match'],
    ['not_matches_regex', '^kid', 'no_match'],
    ['not_matches_regex', '^anime', 'match'],
  ] as const)('tags keep-4k, kids %s %p → %s', (operator, value, expected) => {
    expect(verdict('arr.tags', operator, value, facts)).toBe(expected);
  });

  test('with no tags, no tag matches and the negative forms hold', () => {
    const none = { 'arr.tags': [] };
    expect(verdict('arr.tags', 'contains_substring', 'keep', none)).toBe('no_match');
    expect(verdict('arr.tags', 'not_contains_substring', 'keep', none)).toBe('match');
    expect(verdict('arr.tags', 'not_matches_regex', 'keep', none)).toBe('match');
  });
});

describe('user-set operators (user keys compare exactly)', () => {
  const facts = { 'playback.watched_by': ['3:alice', '3:bob'] };
  test.each([
    ['contains_any', ['3:alice', '4:zoe'], 'match'],
    ['contains_any', ['3:ALICE'], 'no_match'],
    ['contains_all', ['3:alice', '4:zoe'], 'no_match'],
    ['contains_all', ['3:bob', '3:alice'], 'match'],
    ['not_contains_any', ['4:zoe'], 'match'],
    ['not_contains_all', ['3:alice', '4:zoe'], 'match'],
  ] as const)('watched by alice and bob: %s %p → %s', (operator, value, expected) => {
    expect(verdict('playback.watched_by', operator, value, facts)).toBe(expected);
  });

  test('watched by nobody is a known empty set; not requested is absent', () => {
    const nobody = { 'playback.watched_by': [] };
    expect(verdict('playback.watched_by', 'not_contains_any', ['3:alice'], nobody)).toBe('match');
    expect(verdict('seerr.requested_by', 'not_contains_any', ['1:7'], {})).toBe('no_match');
  });
});

describe('path operators: whole segments, case-sensitive', () => {
  const facts = { 'media.path': '/media/movies/Alien (1979)/Alien.mkv' };
  test.each([
    ['starts_with_any', ['/srv', '/media/movies/'], 'match'],
    ['starts_with_any', ['/media/mov'], 'no_match'],
    ['not_starts_with_any', ['/media/tv'], 'match'],
    ['not_starts_with_any', ['/media'], 'no_match'],
    ['matches_regex', '\\.mkv$', 'match'],
    ['matches_regex', '\\.MKV$', 'no_match'],
    ['not_matches_regex', '\\(19\\d\\d\\)', 'no_match'],
  ] as const)('%s %p → %s', (operator, value, expected) => {
    expect(verdict('media.path', operator, value, facts)).toBe(expected);
  });

  test('Windows paths are matched with / separators', () => {
    const windows = { 'media.path': 'D:\\Media\\Movies\\Alien.mkv' };
    expect(verdict('media.path', 'starts_with_any', ['D:/Media/Movies'], windows)).toBe('match');
    expect(verdict('media.path', 'matches_regex', '^D:/Media/', windows)).toBe('match');
  });

  test('the path is the actual (routes keep it on internal views only)', () => {
    const { conditions } = evaluate(
      single('media.path', 'starts_with_any', ['/media']),
      facts,
      allAvailable(),
      now,
    );
    expect(conditions[0]?.actual).toBe('/media/movies/Alien (1979)/Alien.mkv');
  });
});

describe('boolean operators', () => {
  test('is_true / is_false on a value', () => {
    expect(verdict('video.hdr', 'is_true', null, { 'video.hdr': true })).toBe('match');
    expect(verdict('video.hdr', 'is_false', null, { 'video.hdr': true })).toBe('no_match');
    expect(verdict('arr.monitored', 'is_false', null, { 'arr.monitored': false })).toBe('match');
  });

  test('absent matches neither, unless the definition makes absence mean false', () => {
    expect(verdict('arr.monitored', 'is_false', null, {})).toBe('no_match');
    expect(verdict('seerr.requester_has_watched', 'is_true', null, {})).toBe('no_match');
    expect(verdict('seerr.requester_has_watched', 'is_false', null, {})).toBe('no_match');
    expect(verdict('seerr.requested', 'is_false', null, {})).toBe('match');
    expect(verdict('favorites.exists', 'is_false', null, {})).toBe('match');
    expect(verdict('favorites.exists', 'is_true', null, {})).toBe('no_match');
  });
});
