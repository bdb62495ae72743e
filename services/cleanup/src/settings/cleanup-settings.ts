import type { SettingsOf } from '@mcs/kit';

/**
 * The general settings cleanup decides with (docs/decisions/025; domain.md 11): the review
 * delays (scans and the diff preview), the mass-deletion breaker (auto-delete runs and the
 * manual `confirm`), the Arr defaults of its file operations, the Candidates page's access,
 * and whether a move destination exists for each media type.
 */
export const CLEANUP_SETTING_KEYS = [
  'auto_delete_movie_delay_days',
  'auto_delete_series_delay_days',
  'auto_delete_breaker_max_items',
  'auto_delete_breaker_max_share',
  'default_arr_action',
  'arr_add_import_exclusion',
  'users_can_view_candidates',
  'move_destination_movies',
  'move_destination_series',
] as const;

export type CleanupSettings = SettingsOf<(typeof CLEANUP_SETTING_KEYS)[number]>;

/**
 * Whether moves of a media type can go anywhere: the destination itself is catalog's to use
 * (it moves the files); cleanup only refuses a move, or a rule that moves, while there is none.
 */
export function moveDestinations(settings: CleanupSettings): { movie: boolean; series: boolean } {
  return {
    movie: settings.move_destination_movies !== null,
    series: settings.move_destination_series !== null,
  };
}

/**
 * The projection's reader (the kit's SettingsFollower). Read it at the moment of each decision
 * and never keep the answer: a change counts from the next decision on, without a restart.
 */
export interface CleanupSettingsReader {
  current(): Promise<CleanupSettings>;
}
