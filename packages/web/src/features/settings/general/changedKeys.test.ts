import type { Schemas } from '../../../api/client';
import { changedKeys } from './GeneralTab';

const SAVED: Schemas['GeneralSettings'] = {
  auto_delete_movie_delay_days: 14,
  auto_delete_series_delay_days: 7,
  auto_delete_breaker_max_items: 50,
  auto_delete_breaker_max_share: 0.05,
  sync_removal_guard_ratio: 0.1,
  default_arr_action: 'unmonitor',
  arr_add_import_exclusion: true,
  media_server_fallback_enabled: true,
  delete_pacing_seconds: 2,
  move_destination_movies: null,
  move_destination_series: null,
  path_mappings: [],
  users_can_view_candidates: true,
  tmdb_api_key: '********',
  tmdb_base_url: 'https://api.themoviedb.org/3',
  imdb_ratings_enabled: true,
  imdb_ratings_url: 'https://datasets.imdbws.com/title.ratings.tsv.gz',
  event_retention_days: 90,
  webhook_block_private_destinations: false,
  update_check_enabled: false,
  public_url: null,
  notifications: { channels: [] },
};

describe('changedKeys', () => {
  it('sends only the keys the admin changed, never the masked secret or the channels', () => {
    const draft = {
      ...SAVED,
      auto_delete_movie_delay_days: 30,
      path_mappings: [{ service_config_id: null, remote_prefix: '/data', local_prefix: '/mnt' }],
      notifications: { channels: [] },
    };
    expect(changedKeys(SAVED, draft)).toEqual({
      auto_delete_movie_delay_days: 30,
      path_mappings: [{ service_config_id: null, remote_prefix: '/data', local_prefix: '/mnt' }],
    });
  });

  it('sends null for a cleared TMDB key so the stored one is removed', () => {
    expect(changedKeys(SAVED, { ...SAVED, tmdb_api_key: null })).toEqual({ tmdb_api_key: null });
  });

  it('sends nothing when nothing changed', () => {
    expect(changedKeys(SAVED, { ...SAVED })).toEqual({});
  });
});
