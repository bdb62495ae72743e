import { randomUUID } from 'node:crypto';
import { DAY } from '@mcs/kit/testing';
import { feed, follow } from './support/feed';
import { useWorld } from './support/world';

/** GET /api/v1/events (external-api.md §2.5, events-webhooks.md §2). */
const world = useWorld();
const SECOND = 1000;

/** The id of the newest event so far: a cursor from which a test sees only its own events. */
async function tail(): Promise<string | undefined> {
  return (await follow(world)).cursor ?? undefined;
}

test('an empty feed answers no items, a null next_cursor and has_more false', async () => {
  const page = await feed(world);
  expect(page.status).toBe(200);
  expect(page.body).toEqual({ items: [], next_cursor: null, has_more: false });
});

test('every item carries id, type, occurred_at in Z, candidate_id, actor and the payload envelope', async () => {
  const canceled = await world.store('candidate.canceled', { candidateId: 812 });
  const removed = await world.store('protection.removed');
  const page = await feed(world, { limit: 500 });
  const items = page.body.items.filter((item) => [canceled.id, removed.id].includes(item.id));
  expect(items).toEqual([
    {
      id: canceled.id,
      type: 'candidate.canceled',
      occurred_at: canceled.occurred_at,
      candidate_id: 812,
      actor: { type: 'api_token', id: 4 },
      payload: canceled.payload,
    },
    {
      id: removed.id,
      type: 'protection.removed',
      occurred_at: removed.occurred_at,
      candidate_id: null,
      actor: { type: 'api_token', id: 4 },
      payload: removed.payload,
    },
  ]);
  for (const item of items) {
    expect(item.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(item.payload).toMatchObject({
      schema_version: 1,
      id: item.id,
      type: item.type,
      occurred_at: item.occurred_at,
    });
    // Internal columns never reach the wire.
    expect(item).not.toHaveProperty('position');
    expect(item).not.toHaveProperty('media_type');
    expect(item).not.toHaveProperty('operation_id');
  }
});

test('following next_cursor with limit=1 returns every event once, oldest first; the empty page hands the cursor back', async () => {
  const start = await tail();
  const stored = [];
  for (const type of ['candidate.scheduled', 'protection.created', 'candidate.deleted'] as const) {
    world.clock.advance(SECOND);
    stored.push(await world.store(type));
  }
  const seen: string[] = [];
  let cursor = start;
  for (let page = 0; page < 3; page += 1) {
    const answer = await feed(world, { limit: 1, ...(cursor ? { cursor } : {}) });
    expect(answer.body.items).toHaveLength(1);
    expect(answer.body.has_more).toBe(page < 2);
    seen.push(answer.body.items[0]?.id ?? '');
    cursor = answer.body.next_cursor ?? undefined;
    expect(cursor).toBe(answer.body.items[0]?.id);
  }
  expect(seen).toEqual(stored.map((e) => e.id));
  const empty = await feed(world, { limit: 1, cursor: cursor ?? '' });
  expect(empty.body).toEqual({ items: [], next_cursor: cursor, has_more: false });
});

test('has_more is true exactly when more matching events exist after the page', async () => {
  const start = (await tail()) ?? '';
  for (let i = 0; i < 4; i += 1) await world.store('candidate.postponed', { candidateId: 4242 });
  const query = { cursor: start, candidate_id: 4242 };
  expect((await feed(world, { ...query, limit: 3 })).body.has_more).toBe(true);
  expect((await feed(world, { ...query, limit: 4 })).body.has_more).toBe(false);
  expect((await feed(world, { ...query, limit: 5 })).body.has_more).toBe(false);
  // A later event of another candidate does not count as "more" for this filter.
  await world.store('candidate.postponed', { candidateId: 4243 });
  expect((await feed(world, { ...query, limit: 4 })).body.has_more).toBe(false);
});

test('a deleted candidate keeps its candidate_id and ?candidate_id= still finds its events', async () => {
  const scheduled = await world.store('candidate.scheduled', { candidateId: 1290 });
  await world.store('candidate.scheduled', { candidateId: 1291 });
  const deleted = await world.store('candidate.deleted', { candidateId: 1290 });
  const page = await feed(world, { candidate_id: 1290 });
  expect(page.body.items.map((item) => [item.id, item.candidate_id])).toEqual([
    [scheduled.id, 1290],
    [deleted.id, 1290],
  ]);
});

test('event_type keeps only the listed types, ignores duplicates, and the cursor of a filtered page works unfiltered', async () => {
  const start = (await tail()) ?? '';
  const a = await world.store('candidate.canceled');
  await world.store('candidate.postponed');
  const b = await world.store('protection.created');
  const c = await world.store('candidate.timer_reset');
  const filtered = await feed(world, {
    cursor: start,
    event_type: 'candidate.canceled,protection.created,candidate.canceled',
  });
  expect(filtered.body.items.map((item) => item.id)).toEqual([a.id, b.id]);
  const rest = await feed(world, { cursor: filtered.body.next_cursor ?? '' });
  expect(rest.body.items.map((item) => item.id)).toEqual([c.id]);
});

test('occurred_after and occurred_before are inclusive bounds', async () => {
  const start = (await tail()) ?? '';
  const events = [];
  for (let i = 0; i < 3; i += 1) {
    world.clock.advance(60 * SECOND);
    events.push(await world.store('candidate.protected'));
  }
  const [, middle, last] = events.map((e) => e.occurred_at);
  const between = await feed(world, {
    cursor: start,
    occurred_after: middle ?? '',
    occurred_before: middle ?? '',
  });
  expect(between.body.items.map((item) => item.id)).toEqual([events[1]?.id]);
  const after = await feed(world, { cursor: start, occurred_after: middle ?? '' });
  expect(after.body.items.map((item) => item.occurred_at)).toEqual([middle, last]);
});

test.each([
  ['event_type=candidate.exploded', 'event_type'],
  ['event_type=candidate.canceled,', 'event_type'],
  ['limit=501', 'limit'],
  ['limit=0', 'limit'],
  ['limit=ten', 'limit'],
  ['candidate_id=0', 'candidate_id'],
  ['occurred_after=2026-03-01', 'occurred_after'],
  ['occurred_after=2026-03-02T00:00:00Z&occurred_before=2026-03-01T00:00:00Z', 'occurred_after'],
])('?%s is 422 validation_failed naming %s', async (query, name) => {
  const answer = await world.api<Record<string, unknown>>(`/api/v1/events?${query}`);
  expect(answer.status).toBe(422);
  expect(answer.body).toMatchObject({
    code: 'validation_failed',
    status: 422,
    errors: [expect.objectContaining({ in: 'query', name })],
  });
});

test('limit=500 is accepted', async () => {
  expect((await feed(world, { limit: 500 })).status).toBe(200);
});

test.each([
  ['not a UUID', 'not-a-uuid'],
  ['an unknown UUID', randomUUID()],
])('a cursor that is %s is 400 invalid_cursor', async (_what, cursor) => {
  const answer = await world.api<Record<string, unknown>>(`/api/v1/events?cursor=${cursor}`);
  expect(answer.status).toBe(400);
  expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(answer.body).toMatchObject({
    type: 'urn:mcs:problem:invalid_cursor',
    title: 'Invalid cursor',
    status: 400,
    code: 'invalid_cursor',
  });
  expect(answer.body.detail).toEqual(expect.stringMatching(/\S/));
});

test('events older than the retention window are never shown, pruned or not, and their id is an invalid cursor', async () => {
  const old = await world.store('candidate.canceled', {
    occurredAt: new Date(world.clock.now().getTime() - 8 * DAY),
  });
  const recent = await world.store('candidate.canceled');
  const everything = (await follow(world, { limit: 500 })).items.map((item) => item.id);
  expect(everything).toContain(old.id);
  expect(everything).toContain(recent.id);

  await world.setRetentionDays(7);
  try {
    const retained = (await follow(world, { limit: 500 })).items.map((item) => item.id);
    expect(retained).not.toContain(old.id);
    expect(retained).toContain(recent.id);
    const answer = await world.api<{ code: string }>(`/api/v1/events?cursor=${old.id}`);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('invalid_cursor');
  } finally {
    await world.setRetentionDays(90);
  }
});
