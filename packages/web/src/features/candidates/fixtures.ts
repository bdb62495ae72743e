import type { CandidateGroup, CandidateView } from './target';

/** A version candidate of Heat (1995) for tests; override what a test is about. */
export function newCandidate(overrides: Partial<CandidateView> = {}): CandidateView {
  return {
    id: 1,
    media_type: 'movie',
    scope: 'version',
    media_id: 10,
    movie_version_id: 100,
    series_id: null,
    season_id: null,
    season_number: null,
    episode_id: null,
    episode_number: null,
    title: 'Heat',
    year: 1995,
    tmdb_id: 949,
    matched_rule_ids: [6],
    reason: 'Old and unwatched: watched 0 times',
    delete_operation: 'delete',
    created_at: '2026-01-01T00:00:00.000Z',
    auto_delete_state: 'scheduled',
    auto_delete_delay_days: 14,
    auto_delete_eligible_at: '2026-01-15T00:00:00.000Z',
    auto_delete_is_active: true,
    auto_delete_is_eligible: false,
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: null,
    auto_delete_timer_started_at: null,
    lifecycle_reason: null,
    lifecycle_updated_at: null,
    blockers: [],
    arr_action: 'delete',
    media_server_action: 'delete',
    estimated_space_bytes: 10 * 1024 ** 3,
    matched_criteria: {},
    unknown_since: null,
    completed_action: null,
    failure_count: 0,
    last_failure_reason: null,
    operation: null,
    version: {
      file_name: 'Heat.1995.1080p.mkv',
      size_bytes: 10 * 1024 ** 3,
      resolution: '1080p',
      video_codec: 'h264',
      hdr: false,
      dolby_vision: false,
    },
    poster_url: null,
    ...overrides,
  };
}

export function newGroup(candidates: CandidateView[]): CandidateGroup {
  return {
    media_type: 'movie',
    media_id: 10,
    title: 'Heat',
    year: 1995,
    tmdb_id: 949,
    poster_url: null,
    total_estimated_bytes: candidates.reduce((s, c) => s + (c.estimated_space_bytes ?? 0), 0),
    candidates,
  };
}
