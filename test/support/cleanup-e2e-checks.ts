import type { RecordedMessage } from '@mcs/kit/testing';
import type { EventRecord } from '../../services/cleanup/test/support/events';
import { expectMatchesContract } from '../../services/gateway/test/support/contract';

/**
 * What every reply and every delivery of the cleanup end-to-end tests must hold, whatever the
 * test is about (EA#20, EA#50, events-webhooks.md 1.2-1.3).
 */

/** Strings that would be a file name or a filesystem path (the factories' files are .mkv). */
const LEAK = /\.mkv\b|(^|[\s"'=])\/(?!api\/)[\w.-]+\/|\\|\/media\/|\/data\/|\/mnt\//;

/** Fails on a `catalog_id` field or a path-like string anywhere in a body (recursively). */
export function expectNothingHidden(value: unknown, where = 'body'): void {
  if (typeof value === 'string') {
    if (LEAK.test(value)) throw new Error(`${where} looks like a file path: ${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => expectNothingHidden(item, `${where}[${i}]`));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'catalog_id') throw new Error(`${where} carries catalog_id`);
      expectNothingHidden(item, `${where}.${key}`);
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A delivery is a feed item of events-webhooks.md 1.2 (plus the two unexposed columns) with the
 * payload envelope of 1.3: the message id and routing key are the event's id and type, the
 * envelope repeats them, and the item validates as an `Event` of the external OpenAPI document.
 */
export async function expectFeedItem(delivery: RecordedMessage<EventRecord>): Promise<void> {
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
