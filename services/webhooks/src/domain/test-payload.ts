/**
 * The synthetic event of a test request (events-webhooks.md §3.5). It is never stored, so it
 * may show a sample path in templates: real paths exist only in rendered requests.
 */
import { randomUUID } from 'node:crypto';
import type { ExternalApi } from '@mcs/contracts';
import type { EventPayload, EventType } from './event-types';
import type { PathValues, TemplateEvent } from './template-context';

type Schemas = ExternalApi.components['schemas'];
type ProtectionType = Schemas['ProtectionEventPayload']['type'];

export const TEST_PATH = '/media/Movies/Test Movie (1999)/Test Movie (1999).mkv';

/** What every path placeholder renders in a test request. */
export const TEST_PATHS: PathValues = {
  path: TEST_PATH,
  localPath: TEST_PATH,
  destinationPath: TEST_PATH,
};

export function testEvent(
  type: EventType,
  now: Date,
  newId: () => string = randomUUID,
): TemplateEvent {
  const envelope = {
    schema_version: 1 as const,
    id: newId(),
    occurred_at: now.toISOString(),
    test: true,
  };
  const payload: EventPayload = isProtectionType(type)
    ? {
        ...envelope,
        type,
        protection: sampleProtection(now),
        links: { self: '/api/v1/protections/0', media: MEDIA_LINK },
      }
    : {
        ...envelope,
        type,
        candidate: sampleCandidate(now),
        links: { self: '/api/v1/candidates/0', media: MEDIA_LINK },
      };
  // A test has no real actor; `system` with no ID is the one actor shape valid for every type.
  return { payload, actor: { type: 'system', id: null } };
}

const MEDIA_LINK = '/api/v1/movies/0';

function isProtectionType(type: EventType): type is ProtectionType {
  return type === 'protection.created' || type === 'protection.removed';
}

const days = (now: Date, count: number) =>
  new Date(now.getTime() + count * 86_400_000).toISOString();

function sampleCandidate(now: Date): Schemas['Candidate'] {
  return {
    id: 0,
    media_type: 'movie',
    scope: 'movie',
    media_id: 0,
    movie_version_id: null,
    series_id: null,
    season_id: null,
    season_number: null,
    episode_id: null,
    episode_number: null,
    title: 'Media Cleanup Service Test Movie',
    year: 1999,
    tmdb_id: 550,
    matched_rule_ids: [1],
    reason: 'Not watched for 400 days',
    delete_operation: 'delete',
    created_at: days(now, -7),
    auto_delete_state: 'scheduled',
    auto_delete_delay_days: 14,
    auto_delete_eligible_at: days(now, 7),
    auto_delete_is_active: true,
    auto_delete_is_eligible: false,
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: null,
    auto_delete_timer_started_at: null,
    lifecycle_reason: null,
    lifecycle_updated_at: null,
    blockers: [],
  };
}

function sampleProtection(now: Date): Schemas['Protection'] {
  return {
    id: 0,
    media_type: 'movie',
    scope: 'movie',
    media_id: 0,
    movie_version_id: null,
    series_id: null,
    season_id: null,
    season_number: null,
    episode_id: null,
    episode_number: null,
    title: 'Media Cleanup Service Test Movie',
    year: 1999,
    tmdb_id: 550,
    source: 'manual',
    reason: 'Test protection',
    permanent: true,
    expires_at: null,
    active: true,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}
