/**
 * The general settings enrichment reads (domain.md 11), at the moment of each run: the TMDB key
 * opened from its sealed form, and where TMDB and the IMDb dataset are. The feature depends on
 * this function only; `enrichmentSettingsOf` reads it from catalog's settings projection.
 */
import type { GeneralSettings } from '@mcs/contracts';
import { type SecretBox, UnreadableSecret } from '@mcs/kit';

export interface EnrichmentSettingsValues {
  /** The opened TMDB key or token; null when none is set. */
  tmdbApiKey: string | null;
  /** A key is set but none of ENCRYPTION_KEYS opens it. */
  tmdbKeyUnreadable: boolean;
  tmdbBaseUrl: string;
  imdbEnabled: boolean;
  imdbUrl: string;
}

export type EnrichmentSettings = () => Promise<EnrichmentSettingsValues>;

type EnrichmentKeys =
  'tmdb_api_key' | 'tmdb_base_url' | 'imdb_ratings_enabled' | 'imdb_ratings_url';

/** Any settings follower that holds the enrichment keys (kit SettingsFollower). */
export interface EnrichmentSettingsSource {
  current(): Promise<Pick<GeneralSettings, EnrichmentKeys>>;
}

export const ENRICHMENT_SETTING_KEYS: readonly EnrichmentKeys[] = [
  'tmdb_api_key',
  'tmdb_base_url',
  'imdb_ratings_enabled',
  'imdb_ratings_url',
];

/** Reads the projection and opens the sealed key with catalog's box, each time it is called. */
export function enrichmentSettingsOf(
  follower: EnrichmentSettingsSource,
  box: SecretBox,
): EnrichmentSettings {
  return async () => {
    const settings = await follower.current();
    const sealed = settings.tmdb_api_key;
    let tmdbApiKey: string | null = null;
    let tmdbKeyUnreadable = false;
    if (sealed !== null) {
      try {
        tmdbApiKey = box.open(sealed);
      } catch (error) {
        if (!(error instanceof UnreadableSecret)) throw error;
        tmdbKeyUnreadable = true;
      }
    }
    return {
      tmdbApiKey,
      tmdbKeyUnreadable,
      tmdbBaseUrl: settings.tmdb_base_url,
      imdbEnabled: settings.imdb_ratings_enabled,
      imdbUrl: settings.imdb_ratings_url,
    };
  };
}
