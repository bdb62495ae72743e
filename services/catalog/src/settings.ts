/**
 * The general settings catalog reads (docs/decisions/025, domain.md 11), followed from the
 * scheduler's settings.changed into `catalog.settings_projection`. Code asks `current()` at the
 * moment of each decision (a sync's guard, an operation's route, pacing and move), so a change
 * counts from the next decision on, without a restart.
 */
import { SettingsFollower, type Logger, type SettingKey, type SettingsOf } from '@mcs/kit';
import type { Pool } from 'pg';
import { SCHEMA } from './db';

export const CATALOG_SETTING_KEYS = [
  'sync_removal_guard_ratio',
  'media_server_fallback_enabled',
  'delete_pacing_seconds',
  'move_destination_movies',
  'move_destination_series',
  'path_mappings',
  // Enrichment (TMDB, IMDb ratings). tmdb_api_key arrives sealed: open it with the SecretBox.
  'tmdb_api_key',
  'tmdb_base_url',
  'imdb_ratings_enabled',
  'imdb_ratings_url',
] as const satisfies readonly SettingKey[];

export type CatalogSettingKey = (typeof CATALOG_SETTING_KEYS)[number];
export type CatalogSettings = SettingsOf<CatalogSettingKey>;

/** What the features see of the follower: the settings as of now. */
export interface SettingsReader {
  current(): Promise<CatalogSettings>;
}

export function catalogSettings(runtime: {
  pool: Pool;
  log: Logger;
  config: { settingsWaitMs?: number };
}): SettingsFollower<CatalogSettingKey> {
  return new SettingsFollower({
    schema: SCHEMA,
    keys: CATALOG_SETTING_KEYS,
    pool: runtime.pool,
    log: runtime.log,
    waitMs: runtime.config.settingsWaitMs ?? 0,
  });
}
