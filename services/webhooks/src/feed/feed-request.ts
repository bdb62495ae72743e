import { Input } from '@mcs/kit';
import { EVENT_TYPES, isEventType, type EventType } from '../domain/event-types';

/** GET /api/v1/events, read and checked (external-api.md §2.5). */
export interface FeedRequest {
  cursor: string | null;
  limit: number;
  types?: EventType[];
  candidateId?: number;
  occurredAfter?: Date;
  occurredBefore?: Date;
}

/**
 * Reads the feed's query; every bad parameter is named in one 422. The cursor is only read
 * here: whether it points at a retained event is the feed's answer (400 invalid_cursor).
 */
export function readFeedRequest(values: Record<string, unknown>): FeedRequest {
  const query = new Input('query', values);
  const request: FeedRequest = {
    cursor: query.string('cursor', { min: 1, max: 200 }) ?? null,
    limit: query.int('limit', { min: 1, max: 500 }) ?? 100,
    types: eventTypes(query),
    candidateId: query.int('candidate_id', { min: 1 }),
    occurredAfter: query.timestamp('occurred_after'),
    occurredBefore: query.timestamp('occurred_before'),
  };
  const { occurredAfter, occurredBefore } = request;
  if (occurredAfter && occurredBefore && occurredAfter > occurredBefore)
    query.fail('occurred_after', 'Must not be later than occurred_before.');
  query.done();
  return request;
}

/** `event_type`: a comma list of known types; duplicates are ignored (events-webhooks.md §2.4). */
function eventTypes(query: Input): EventType[] | undefined {
  const raw = query.string('event_type', { min: 1, max: 1000 });
  if (raw === undefined) return undefined;
  const names = raw.split(',').map((name) => name.trim());
  const types = names.filter(isEventType);
  if (types.length !== names.length)
    return query.fail('event_type', `Each type must be one of ${EVENT_TYPES.join(', ')}.`);
  return [...new Set(types)];
}
