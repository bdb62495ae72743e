import { sourceAvailability, type SourceStatusInput } from '../../../src/domain/rules';

const now = new Date('2026-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
const ok = (source: SourceStatusInput['source'], hours = 0): SourceStatusInput => ({
  source,
  state: 'ok',
  lastSuccessAt: ago(hours),
});

describe('source availability (domain.md 2.13)', () => {
  test('a source is available when ok and within its freshness limit', () => {
    const availability = sourceAvailability(
      [ok('catalog', 48), ok('playback', 2), ok('tmdb', 24 * 30), ok('disk', 6.01)],
      now,
    );
    expect(availability).toMatchObject({ catalog: true, playback: true, tmdb: true, disk: false });
  });

  test('a source with no status row, not configured, or never successful is unavailable', () => {
    const availability = sourceAvailability(
      [
        { source: 'tmdb', state: 'not_configured', lastSuccessAt: null },
        { source: 'seerr', state: 'ok', lastSuccessAt: null },
        { source: 'arr', state: 'unavailable', lastSuccessAt: ago(1) },
      ],
      now,
    );
    expect(availability).toMatchObject({ tmdb: false, seerr: false, arr: false, imdb: false });
  });

  test('playback is unavailable when any connected playback source is', () => {
    const plexDown: SourceStatusInput = {
      source: 'playback',
      state: 'unavailable',
      lastSuccessAt: ago(1),
    };
    expect(sourceAvailability([ok('playback'), ok('playback')], now).playback).toBe(true);
    expect(sourceAvailability([ok('playback'), plexDown], now).playback).toBe(false);
    expect(sourceAvailability([ok('playback'), ok('playback', 3)], now).playback).toBe(false);
  });

  test('servers that do not support favourites are left out; with only those, unavailable', () => {
    const plex: SourceStatusInput = {
      source: 'favorites',
      state: 'unsupported',
      lastSuccessAt: null,
    };
    expect(sourceAvailability([plex, ok('favorites')], now).favorites).toBe(true);
    expect(sourceAvailability([plex], now).favorites).toBe(false);
  });
});
