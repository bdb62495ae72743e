/**
 * External ids as domain.md §1.5 stores them: TMDB a positive integer, IMDb `tt` + digits,
 * TVDB a string of digits. Servers send them in varied forms (numbers, strings, empty strings,
 * "0"); anything that is not a usable id becomes null rather than a wrong match.
 */
export interface ProviderIds {
  tmdb: number | null;
  imdb: string | null;
  tvdb: string | null;
}

export function tmdbIdOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function imdbIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim().toLowerCase();
  return /^tt\d{5,}$/.test(id) ? id : null;
}

export function tvdbIdOf(value: unknown): string | null {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d+$/.test(text) && Number(text) > 0 ? text : null;
}

/** Plex `Guid[].id` values: `tmdb://603`, `imdb://tt0133093`, `tvdb://169`. */
export function providerIdsFromGuids(guids: readonly string[]): ProviderIds {
  const ids: ProviderIds = { tmdb: null, imdb: null, tvdb: null };
  for (const guid of guids) {
    const [scheme, value] = guid.split('://');
    if (scheme === 'tmdb') ids.tmdb ??= tmdbIdOf(value);
    else if (scheme === 'imdb') ids.imdb ??= imdbIdOf(value);
    else if (scheme === 'tvdb') ids.tvdb ??= tvdbIdOf(value);
  }
  return ids;
}
