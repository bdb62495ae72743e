import type { SettingsOf } from '@mcs/kit';

/**
 * The general settings cleanup decides with (docs/decisions/025; domain.md 11): the review
 * delays (scans and the diff preview), the mass-deletion breaker (auto-delete runs and the
 * manual `confirm`), the Arr defaults of its file operations and the Candidates page's access.
 */
export const CLEANUP_SETTING_KEYS = [
  'auto_delete_movie_delay_days',
  'auto_delete_series_delay_days',
  'auto_delete_breaker_max_items',
  'auto_delete_breaker_max_share',
  'default_arr_action',
  'arr_add_import_exclusion',
  'users_can_view_candidates',
] as const;

export type CleanupSettings = SettingsOf<(typeof CLEANUP_SETTING_KEYS)[number]>;

/**
 * The projection's reader (the kit's SettingsFollower). Read it at the moment of each decision
 * and never keep the answer: a change counts from the next decision on, without a restart.
 */
export interface CleanupSettingsReader {
  current(): Promise<CleanupSettings>;
}
