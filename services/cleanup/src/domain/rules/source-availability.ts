import type { SourceKind } from './field-catalogue';
import type { SourceAvailability } from './facts';

/**
 * Availability of each source from its status rows (domain.md 2.13). Pure; `now` is the
 * injected clock.
 */
export type SourceState = 'ok' | 'unavailable' | 'not_configured' | 'unsupported';

export interface SourceStatusInput {
  source: SourceKind;
  state: SourceState;
  lastSuccessAt: Date | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const FRESHNESS_MS: Readonly<Record<SourceKind, number>> = {
  catalog: 48 * HOUR_MS,
  arr: 24 * HOUR_MS,
  seerr: 24 * HOUR_MS,
  playback: 2 * HOUR_MS,
  favorites: 24 * HOUR_MS,
  tmdb: 30 * DAY_MS,
  imdb: 14 * DAY_MS,
  disk: 6 * HOUR_MS,
};

/**
 * A kind is available when at least one of its rows is connected (neither not_configured nor
 * unsupported) and every connected row is ok and fresh. For playback the spec demands exactly
 * this (counts would be incomplete); for the other per-instance kinds (arr, favorites, disk)
 * it is the conservative reading, and a scan that knows which instance holds a target may
 * pass a narrower availability for that target. Unsupported rows are left out, so favourites
 * with Jellyfin and Plex depend on Jellyfin alone, and with only Plex are unavailable.
 */
export function sourceAvailability(
  statuses: readonly SourceStatusInput[],
  now: Date,
): SourceAvailability {
  const available = (kind: SourceKind) => {
    const connected = statuses.filter(
      (status) =>
        status.source === kind &&
        status.state !== 'not_configured' &&
        status.state !== 'unsupported',
    );
    const fresh = (status: SourceStatusInput) =>
      status.state === 'ok' &&
      status.lastSuccessAt !== null &&
      now.getTime() - status.lastSuccessAt.getTime() <= FRESHNESS_MS[kind];
    return connected.length > 0 && connected.every(fresh);
  };
  return {
    catalog: available('catalog'),
    arr: available('arr'),
    seerr: available('seerr'),
    playback: available('playback'),
    favorites: available('favorites'),
    tmdb: available('tmdb'),
    imdb: available('imdb'),
    disk: available('disk'),
  };
}
