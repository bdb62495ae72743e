import { recordMessages, type RecordedMessage } from '@mcs/kit/testing';
import { expectMatchesContract } from '../../services/gateway/test/support/contract';

/** A lifecycle event record as cleanup publishes it (events-webhooks.md 1.2-1.3). */
export interface EventRecord {
  id: string;
  type: string;
  occurred_at: string;
  candidate_id: number | null;
  actor: { type: string; id: number | null };
  media_type: string;
  operation_id: null;
  payload: {
    schema_version: number;
    id: string;
    type: string;
    occurred_at: string;
    candidate?: Record<string, unknown> & { id: number };
    protection?: Record<string, unknown> & { id: number };
    links: Record<string, string>;
  };
}

/** One message as the broker delivered it to our queue (duplicates included). */
export type Delivery = RecordedMessage<EventRecord>;

/** Records every `candidate.*` and `protection.*` delivery of the test env's events exchange. */
export async function recordEvents(namespace: string) {
  const recorder = await recordMessages(namespace, ['candidate.*', 'protection.*']);
  const deliveries = recorder.messages as unknown as Delivery[];
  return {
    deliveries,
    /** Every delivered record, in delivery order. */
    events: () => deliveries,
    close: recorder.close,
  };
}

export type EventRecorder = Awaited<ReturnType<typeof recordEvents>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A delivery is a feed item of events-webhooks.md 1.2 (plus the two unexposed columns) with the
 * payload envelope of 1.3: the message id and routing key are the event's id and type, the
 * envelope repeats them, and the item validates as an `Event` of the external OpenAPI document.
 */
export async function expectFeedItem(delivery: Delivery): Promise<void> {
  const record = delivery.payload;
  const { media_type: mediaType, operation_id: operationId, ...item } = record;
  expect(delivery.messageId).toBe(record.id);
  expect(delivery.name).toBe(record.type);
  expect(record.id).toMatch(UUID);
  expect(record.occurred_at).toMatch(TIMESTAMP);
  expect(operationId).toBeNull();
  expect(Object.keys(item).sort()).toEqual([
    'actor',
    'candidate_id',
    'id',
    'occurred_at',
    'payload',
    'type',
  ]);
  const { payload } = record;
  expect(payload).toMatchObject({
    schema_version: 1,
    id: record.id,
    type: record.type,
    occurred_at: record.occurred_at,
  });
  const object = record.type.startsWith('candidate.') ? 'candidate' : 'protection';
  expect(Object.keys(payload).sort()).toEqual(
    [object, 'id', 'links', 'occurred_at', 'schema_version', 'type'].sort(),
  );
  expect(mediaType).toBe(payload[object]?.media_type);
  const media = `/api/v1/${mediaType === 'movie' ? 'movies' : 'series'}/${String(payload[object]?.media_id)}`;
  expect(payload.links).toEqual(
    object === 'candidate'
      ? { self: `/api/v1/candidates/${payload.candidate?.id}`, media }
      : record.type === 'protection.created'
        ? { self: `/api/v1/protections/${payload.protection?.id}`, media }
        : { collection: '/api/v1/protections', media },
  );
  if (object === 'candidate') expect(record.candidate_id).toBe(payload.candidate?.id);
  expect(JSON.stringify(record)).not.toMatch(/\.mkv|catalog_id/);
  await expectMatchesContract('GET', '/api/v1/events', 200, {
    items: [item],
    next_cursor: record.id,
    has_more: false,
  });
}
