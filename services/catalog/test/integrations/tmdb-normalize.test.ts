import { DateSanitiser } from '../../src/integrations/dates';
import * as api from '../../src/integrations/tmdb/api-types';
import {
  language,
  movieMetadata,
  seriesMetadata,
  tmdbFailure,
} from '../../src/integrations/tmdb/normalize';
import { tmdbMovie as rawMovie, tmdbTv as rawTv } from '../support/metadata-fakes';

/** TMDB's answers as the client decodes them. */
const tmdbMovie = (id: number) => api.movie(rawMovie(id));
const tmdbTv = (id: number) => api.tv(rawTv(id));

const NOW = new Date('2026-11-28T12:00:00Z');

describe('TMDB normalisation (2.9.3)', () => {
  test('languages become ISO 639-3; xx and unknown codes are absent', () => {
    expect(['en', 'fr', 'zh', 'cn', 'xx', 'qq', 'EN'].map(language)).toEqual([
      'eng',
      'fra',
      'zho',
      'yue',
      null,
      null,
      'eng',
    ]);
  });

  test('a movie keeps known countries upper case, its collection and a public poster URL', () => {
    const dates = new DateSanitiser(() => NOW);
    const meta = movieMetadata(
      { ...tmdbMovie(2), origin_country: ['fr', 'QQ', 'FR'], poster_path: '/../etc/x.jpg' },
      dates,
    );
    expect(meta).toMatchObject({
      origin_countries: ['FR'],
      collection: { tmdb_collection_id: 9002, name: 'Saga 2' },
      poster_url: null,
      release_date: new Date('2001-04-25T00:00:00Z'),
    });
  });

  test('a movie without origin_country takes its production countries', () => {
    const meta = movieMetadata(
      { ...tmdbMovie(1), origin_country: [] },
      new DateSanitiser(() => NOW),
    );
    expect(meta.origin_countries).toEqual(['BE']);
  });

  test('out-of-range votes and sentinel dates are absent, and the date is counted', () => {
    const dates = new DateSanitiser(() => NOW);
    const meta = seriesMetadata(
      { ...tmdbTv(1), vote_average: 11, vote_count: -1, first_air_date: '0001-01-01' },
      dates,
    );
    expect(meta).toMatchObject({
      tmdb_vote_average: null,
      tmdb_vote_count: null,
      first_air_date: null,
    });
    expect(dates.invalid.get('first_air_date')).toBe(1);
  });

  test('a series without number_of_seasons counts its highest season above 0', () => {
    const meta = seriesMetadata(
      {
        ...tmdbTv(1),
        number_of_seasons: null,
        seasons: [{ season_number: 0 }, { season_number: 7 }],
      },
      new DateSanitiser(() => NOW),
    );
    expect(meta).toMatchObject({ tmdb_season_count: 7, tvdb_id: '4242' });
  });
});

describe('a failed TMDB call', () => {
  test('a source-level failure stops it; an answer about one item skips that item', () => {
    expect(tmdbFailure('unauthorized', 401)).toBe('stop');
    expect(tmdbFailure('http', 429)).toBe('stop');
    expect(tmdbFailure('http', 503)).toBe('stop');
    expect(tmdbFailure('timeout', null)).toBe('stop');
    expect(tmdbFailure('http', 404)).toBe('skip_item');
    expect(tmdbFailure('invalid_response', null)).toBe('skip_item');
  });
});
