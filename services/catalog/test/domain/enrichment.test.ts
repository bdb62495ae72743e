import { imdbImportDue, tmdbSourceState } from '../../src/domain/enrichment';

const NOW = new Date('2026-11-28T12:00:00Z');
const HOUR = 3_600_000;

test('the TMDB source is ok unless its pass stopped or nothing at all succeeded', () => {
  const pass = { refreshed: 3, stoppedBy: null, firstItemFailure: 'http_404' };
  expect(tmdbSourceState(pass)).toEqual({ state: 'ok' });
  expect(tmdbSourceState({ ...pass, stoppedBy: 'unauthorized' })).toEqual({
    state: 'unavailable',
    reason: 'unauthorized',
  });
  expect(tmdbSourceState({ ...pass, refreshed: 0 })).toEqual({
    state: 'unavailable',
    reason: 'http_404',
  });
  expect(tmdbSourceState({ refreshed: 0, stoppedBy: null, firstItemFailure: null })).toEqual({
    state: 'ok',
  });
});

test('the IMDb dataset is due when never imported or 24 hours after the last import', () => {
  expect(imdbImportDue(null, NOW)).toBe(true);
  expect(imdbImportDue(new Date(NOW.getTime() - 23 * HOUR), NOW)).toBe(false);
  expect(imdbImportDue(new Date(NOW.getTime() - 24 * HOUR), NOW)).toBe(true);
});
