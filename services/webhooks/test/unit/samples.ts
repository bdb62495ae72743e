import type { ExternalApi } from '@mcs/contracts';
import type { TemplateEvent } from '../../src/domain/template-context';

type Schemas = ExternalApi.components['schemas'];

/** The `candidate.deleted` example of events-webhooks.md §1.3, with optional candidate changes. */
export function deletedEvent(changes: Partial<Schemas['Candidate']> = {}): TemplateEvent {
  return {
    actor: { type: 'system', id: null },
    payload: {
      schema_version: 1,
      id: 'e71f0c44-9b2a-4d3e-a6c5-0f1e2d3c4b5a',
      type: 'candidate.deleted',
      occurred_at: '2026-03-07T02:00:41.000Z',
      candidate: {
        id: 1290,
        media_type: 'series',
        scope: 'episode',
        media_id: 88,
        movie_version_id: null,
        series_id: 88,
        season_id: 1202,
        season_number: 1,
        episode_id: 40411,
        episode_number: 2,
        title: 'The Expanse S01E02',
        year: 2015,
        tmdb_id: 63639,
        matched_rule_ids: [5],
        reason: 'Watched by every requester more than 30 days ago',
        delete_operation: 'delete',
        created_at: '2026-02-27T10:00:00.000Z',
        auto_delete_state: 'eligible',
        auto_delete_delay_days: 7,
        auto_delete_eligible_at: '2026-03-06T10:00:00.000Z',
        auto_delete_is_active: true,
        auto_delete_is_eligible: true,
        auto_delete_cancelled_at: null,
        auto_delete_postponed_until: null,
        auto_delete_timer_started_at: null,
        lifecycle_reason: null,
        lifecycle_updated_at: null,
        blockers: [],
        ...changes,
      },
      links: { self: '/api/v1/candidates/1290', media: '/api/v1/series/88' },
    },
  };
}

/** A `protection.removed` event (actor: an API token). */
export function protectionEvent(): TemplateEvent {
  return {
    actor: { type: 'api_token', id: 4 },
    payload: {
      schema_version: 1,
      id: 'a3c9e2f0-6b1d-4c8e-8f7a-2d4b6e8f0a12',
      type: 'protection.removed',
      occurred_at: '2026-03-01T12:05:00.000Z',
      protection: {
        id: 57,
        media_type: 'series',
        scope: 'season',
        media_id: 88,
        movie_version_id: null,
        series_id: 88,
        season_id: 1203,
        season_number: 2,
        episode_id: null,
        episode_number: null,
        title: 'The Expanse',
        year: 2015,
        tmdb_id: 63639,
        source: 'api',
        reason: 'Rewatch planned',
        permanent: false,
        expires_at: '2026-06-01T00:00:00.000Z',
        active: true,
        created_at: '2026-03-01T12:05:00.000Z',
        updated_at: '2026-03-01T12:05:00.000Z',
      },
      links: { collection: '/api/v1/protections', media: '/api/v1/series/88' },
    },
  };
}
