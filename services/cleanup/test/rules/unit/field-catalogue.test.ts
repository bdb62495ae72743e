import {
  FIELD_CATALOGUE,
  lookupField,
  OPERATORS_BY_TYPE,
  type RuleScope,
} from '../../../src/domain/rules';

describe('the field catalogue (domain.md 3.4, 3.5)', () => {
  test('lists the 38 first-release fields', () => {
    expect(Object.keys(FIELD_CATALOGUE)).toHaveLength(38);
  });

  test('a first-release field is available with its type, scopes and sources', () => {
    const found = lookupField('seerr.requester_has_watched');
    expect(found).toMatchObject({
      kind: 'available',
      spec: { type: 'boolean', sources: ['seerr', 'playback'], sourcesNeeded: 'all' },
    });
  });

  test('series.status falls back from TMDB to Sonarr, so either source suffices', () => {
    expect(FIELD_CATALOGUE['series.status']).toMatchObject({
      sources: ['tmdb', 'arr'],
      sourcesNeeded: 'any',
    });
  });

  test.each([
    ['tmdb.collection', ['movie_version']],
    ['media.days_since_release', ['movie_version', 'series']],
    ['series.status', ['series', 'season', 'episode']],
    ['season.number', ['season', 'episode']],
    ['episode.days_since_air_date', ['episode']],
    ['video.codec', ['movie_version', 'episode']],
    ['movie.version_count', ['movie_version']],
  ])('%s is allowed on %j only', (name, scopes) => {
    const found = lookupField(name);
    expect(found.kind === 'available' && found.spec.scopes).toEqual(scopes as RuleScope[]);
  });

  test.each([
    'tmdb.popularity',
    'episode.number',
    'video.color_primaries',
    'audio.codec',
    'trakt.rating',
  ])('a later field (%s) is catalogued but not available', (name) => {
    expect(lookupField(name)).toEqual({ kind: 'later' });
  });

  test.each(['media.nonsense', 'audio.', 'constructor', '__proto__', 'toString', ''])(
    'anything else (%j) is unknown, including Object.prototype names',
    (name) => {
      expect(lookupField(name)).toEqual({ kind: 'unknown' });
    },
  );
});

describe('operators per type (domain.md 3.3)', () => {
  test('number and days share the comparison and presence operators', () => {
    expect(OPERATORS_BY_TYPE.days).toEqual(OPERATORS_BY_TYPE.number);
    expect(OPERATORS_BY_TYPE.number).toContain('greater_than_or_equal');
  });

  test('tag_list has the list operators plus substring and regex', () => {
    expect(OPERATORS_BY_TYPE.tag_list).toEqual(
      expect.arrayContaining([...OPERATORS_BY_TYPE.list, 'contains_substring', 'matches_regex']),
    );
  });

  test('user_set has no presence operators; boolean has only is_true / is_false', () => {
    expect(OPERATORS_BY_TYPE.user_set).not.toContain('exists');
    expect(OPERATORS_BY_TYPE.boolean).toEqual(['is_true', 'is_false']);
  });

  test('library.id narrows the list operators to contains_any / not_contains_any', () => {
    expect(FIELD_CATALOGUE['library.id'].operators).toEqual(['contains_any', 'not_contains_any']);
  });
});
