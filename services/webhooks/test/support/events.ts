import { randomUUID } from 'node:crypto';
import type { ExternalApi, MessagePayload } from '@mcs/contracts';
import type { EventType } from '../../src/domain/event-types';

type Schemas = ExternalApi.components['schemas'];
type CandidateType = Schemas['CandidateEventPayload']['type'];
type ProtectionType = Schemas['ProtectionEventPayload']['type'];

/** What a test chooses about an event; everything else is plausible filler. */
export interface EventParts {
  id?: string;
  candidateId?: number;
  mediaType?: 'movie' | 'series';
  occurredAt?: Date;
  /** File-operation events: catalog's operation (default 41 … 44 by type). */
  operationId?: number;
}

const iso = (date: Date) => date.toISOString();
const mediaLink = (mediaType: string, mediaId: number) =>
  `/api/v1/${mediaType === 'movie' ? 'movies' : 'series'}/${mediaId}`;

function candidate(id: number, mediaType: 'movie' | 'series', at: string): Schemas['Candidate'] {
  const movie = mediaType === 'movie';
  return {
    id,
    media_type: mediaType,
    scope: movie ? 'movie' : 'series',
    media_id: 311,
    movie_version_id: null,
    series_id: movie ? null : 311,
    season_id: null,
    season_number: null,
    episode_id: null,
    episode_number: null,
    title: movie ? 'Fight Club' : 'The Expanse',
    year: 1999,
    tmdb_id: 550,
    matched_rule_ids: [3],
    reason: 'Not watched for 400 days',
    delete_operation: 'delete',
    created_at: at,
    auto_delete_state: 'scheduled',
    auto_delete_delay_days: 14,
    auto_delete_eligible_at: at,
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

function protection(mediaType: 'movie' | 'series', at: string): Schemas['Protection'] {
  const movie = mediaType === 'movie';
  return {
    id: 57,
    media_type: mediaType,
    scope: movie ? 'movie' : 'series',
    media_id: 88,
    movie_version_id: null,
    series_id: movie ? null : 88,
    season_id: null,
    season_number: null,
    episode_id: null,
    episode_number: null,
    title: movie ? 'Fight Club' : 'The Expanse',
    year: 2015,
    tmdb_id: 63639,
    source: 'api',
    reason: 'Rewatch planned',
    permanent: true,
    expires_at: null,
    active: true,
    created_at: at,
    updated_at: at,
  };
}

function candidateRecord<K extends CandidateType, O extends number | null, A>(
  type: K,
  parts: EventParts,
  operationId: O,
  actor: A,
) {
  const id = parts.id ?? randomUUID();
  const at = iso(parts.occurredAt ?? new Date());
  const mediaType = parts.mediaType ?? 'movie';
  const candidateId = parts.candidateId ?? 812;
  return {
    id,
    type,
    occurred_at: at,
    candidate_id: candidateId,
    actor,
    media_type: mediaType,
    operation_id: operationId,
    payload: {
      schema_version: 1 as const,
      id,
      type,
      occurred_at: at,
      candidate: candidate(candidateId, mediaType, at),
      links: { self: `/api/v1/candidates/${candidateId}`, media: mediaLink(mediaType, 311) },
    },
  };
}

function protectionRecord<K extends ProtectionType>(type: K, parts: EventParts) {
  const id = parts.id ?? randomUUID();
  const at = iso(parts.occurredAt ?? new Date());
  const mediaType = parts.mediaType ?? 'movie';
  const links: Record<string, string> =
    type === 'protection.created'
      ? { self: '/api/v1/protections/57', media: mediaLink(mediaType, 88) }
      : { collection: '/api/v1/protections', media: mediaLink(mediaType, 88) };
  return {
    id,
    type,
    occurred_at: at,
    candidate_id: null,
    actor: { type: 'api_token' as const, id: 4 },
    media_type: mediaType,
    operation_id: null,
    payload: {
      schema_version: 1 as const,
      id,
      type,
      occurred_at: at,
      protection: protection(mediaType, at),
      links,
    },
  };
}

const token = { type: 'api_token' as const, id: 4 };
const system = { type: 'system' as const, id: null };

/**
 * One builder per event type, each checked against that event's contract type (as cleanup's
 * own builders are), so indexing with a generic type keeps type and payload paired.
 */
const builders: { [K in EventType]: (parts: EventParts) => MessagePayload<K> } = {
  'candidate.scheduled': (p) => candidateRecord('candidate.scheduled', p, null, system),
  'candidate.canceled': (p) => candidateRecord('candidate.canceled', p, null, token),
  'candidate.postponed': (p) => candidateRecord('candidate.postponed', p, null, token),
  'candidate.timer_reset': (p) => candidateRecord('candidate.timer_reset', p, null, token),
  'candidate.protected': (p) => candidateRecord('candidate.protected', p, null, token),
  'candidate.deleted': (p) => candidateRecord('candidate.deleted', p, p.operationId ?? 41, system),
  'candidate.moved': (p) => candidateRecord('candidate.moved', p, p.operationId ?? 42, system),
  'candidate.unmonitored': (p) =>
    candidateRecord('candidate.unmonitored', p, p.operationId ?? 43, system),
  'candidate.unmonitored_only': (p) =>
    candidateRecord('candidate.unmonitored_only', p, p.operationId ?? 44, system),
  'protection.created': (p) => protectionRecord('protection.created', p),
  'protection.removed': (p) => protectionRecord('protection.removed', p),
};

/** A lifecycle event record as cleanup publishes it. */
export function lifecycleEvent<K extends EventType>(
  type: K,
  parts: EventParts = {},
): MessagePayload<K> {
  return builders[type](parts);
}
