import { validateMessage } from '@mcs/contracts';
import { buildRequest, isRequest } from '../../src/domain/outgoing-request';
import { TEST_PATH, TEST_PATHS, testEvent } from '../../src/domain/test-payload';
import { EVENT_TYPES } from '../../src/domain/event-types';

const now = new Date('2026-03-01T12:00:00.000Z');
const PEOPLE_ONLY: string[] = [
  'candidate.canceled',
  'candidate.postponed',
  'candidate.timer_reset',
  'candidate.protected',
];

test('candidate types carry the sample candidate with id 0; protection types a protection', () => {
  const scheduled = testEvent('candidate.scheduled', now, () => 'id-1').payload;
  expect(scheduled).toMatchObject({
    schema_version: 1,
    id: 'id-1',
    type: 'candidate.scheduled',
    occurred_at: '2026-03-01T12:00:00.000Z',
    test: true,
    candidate: {
      id: 0,
      media_type: 'movie',
      title: 'Media Cleanup Service Test Movie',
      tmdb_id: 550,
      auto_delete_state: 'scheduled',
    },
    links: { self: '/api/v1/candidates/0' },
  });
  expect(scheduled).not.toHaveProperty('protection');
  const removed = testEvent('protection.removed', now).payload;
  expect(removed).toMatchObject({
    test: true,
    protection: { id: 0 },
    links: { self: '/api/v1/protections/0' },
  });
  expect(removed).not.toHaveProperty('candidate');
  expect(testEvent('candidate.moved', now).payload.id).not.toBe(
    testEvent('candidate.moved', now).payload.id,
  );
});

test('for every type the test payload matches the contract, except the documented id 0', () => {
  for (const type of EVENT_TYPES) {
    const { payload, actor } = testEvent(type, now);
    // §3.5 asks for id 0, which the contract's Id (≥ 1) does not allow; everything else must fit.
    const withIds =
      'candidate' in payload
        ? { ...payload, candidate: { ...payload.candidate, id: 1, media_id: 1 } }
        : { ...payload, protection: { ...payload.protection, id: 1, media_id: 1 } };
    const record = {
      id: payload.id,
      type,
      occurred_at: payload.occurred_at,
      candidate_id: 'candidate' in payload ? 1 : null,
      // The record's actor rules differ per type; the payload is what this test is about.
      actor: PEOPLE_ONLY.includes(type) ? { type: 'user', id: 1 } : actor,
      media_type: 'movie',
      operation_id: [
        'candidate.deleted',
        'candidate.moved',
        'candidate.unmonitored',
        'candidate.unmonitored_only',
      ].includes(type)
        ? 1
        : null,
      payload: withIds,
    };
    expect([type, validateMessage(type, record)]).toEqual([type, { ok: true }]);
  }
});

test('path placeholders render the sample path in test requests, never in the default body', () => {
  const endpoint = {
    method: 'POST' as const,
    url: 'http://scanner.lan/',
    urlTemplate: 'http://scanner.lan/scan?p={urlencoded_path}',
    bodyTemplate: null,
    pathMode: 'destination' as const,
    headers: [],
    authUsername: null,
    authPassword: null,
    timeoutSeconds: 5,
  };
  const built = buildRequest({
    endpoint,
    event: testEvent('candidate.deleted', now),
    paths: TEST_PATHS,
    webhookId: 'id',
    secrets: null,
    now,
    version: '1.0.0',
  });
  if (!isRequest(built)) throw new Error('refused');
  expect(decodeURIComponent(new URL(built.url).searchParams.get('p') ?? '')).toBe(TEST_PATH);
  expect(built.body?.toString()).not.toContain('/media');
  expect(JSON.parse(built.body?.toString() ?? '{}')).toMatchObject({ test: true });
});
