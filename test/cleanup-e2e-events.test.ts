import { waitFor } from '@mcs/kit/testing';
import type { Protection, ProtectionCreated } from '../services/cleanup/test/support/api';
import * as seed from '../services/cleanup/test/support/factories';
import { DAY, iso, useStack } from './support/cleanup-e2e';

/**
 * Issue 5 acceptance: "every action appears exactly once as an event on the broker with the
 * payload of events-webhooks.md". Actions go through the gateway with a real token; a queue of
 * our own on the env's events exchange records what the broker delivers, which is checked
 * against cleanup's outbox (events-webhooks.md 1.1-1.3, EW#2, EW#3, EW#6, EW#7).
 */
const stack = useStack();

test('each candidate action is delivered once, its id the event_id, its candidate the response, actor the token', async () => {
  const series = await seed.newSeries(stack.db, { episodes: [1, 1, 1, 1] });
  const ids = await Promise.all(
    [0, 1, 2, 3].map((i) => seed.newCandidate(stack.db, seed.seasonTarget(series, i))),
  );
  const actions: [string, unknown, string][] = [
    ['cancel', { reason: 'Keep' }, 'candidate.canceled'],
    ['postpone', { until: iso(Date.now() + 60 * DAY) }, 'candidate.postponed'],
    ['reset-timer', undefined, 'candidate.timer_reset'],
    ['protect', { reason: 'Favourite' }, 'candidate.protected'],
  ];
  for (const [i, [action, body, type]] of actions.entries()) {
    const id = ids[i] as number;
    const reply = await stack.act(id, action, body);
    expect(reply.status).toBe(200);
    const events = await stack.published({ candidate: id });
    const last = events[events.length - 1];
    expect(events.map((e) => e.type)).toEqual(
      action === 'protect' ? ['protection.created', type] : [type],
    );
    expect(last).toMatchObject({
      id: reply.body.event_id,
      type,
      candidate_id: id,
      occurred_at: reply.body.candidate.lifecycle_updated_at,
      actor: { type: 'api_token', id: stack.manage.id },
      media_type: 'series',
      payload: { candidate: reply.body.candidate },
    });
    expect(last?.payload).not.toHaveProperty('protection');
  }
});

test('EW#7: a protect that creates a protection yields protection.created then candidate.protected, both with the candidate_id; a reuse only candidate.protected', async () => {
  const movie = await seed.newMovie(stack.db);
  const id = await seed.newCandidate(stack.db, seed.versionTarget(movie));
  const first = await stack.act(id, 'protect');
  const again = await stack.act(id, 'protect');
  const protection = (
    await stack.call('GET', `/api/v1/protections/${first.body.protection_id}`, {
      token: stack.manage,
    })
  ).body as unknown as Protection;
  const events = await stack.published({ candidate: id });
  expect(events.map((e) => [e.type, e.candidate_id])).toEqual([
    ['protection.created', id],
    ['candidate.protected', id],
    ['candidate.protected', id],
  ]);
  expect(events[0]?.payload.protection).toEqual(protection);
  expect(events[0]?.payload).not.toHaveProperty('candidate');
  expect(events.slice(1).map((e) => e.id)).toEqual([first.body.event_id, again.body.event_id]);
  expect(await stack.published({ protection: protection.id })).toEqual([events[0]]);
});

test('external protection events: created and removed, candidate_id null, actor the token, links per events-webhooks 1.3', async () => {
  const series = await seed.newSeries(stack.db, { title: 'The Expanse' });
  const created = await stack.call('POST', '/api/v1/protections', {
    token: stack.manage,
    body: { media_type: 'series', media_id: series.media_id, expires_at: iso(Date.now() + DAY) },
  });
  const protection = (created.body as unknown as ProtectionCreated).protection;
  const widened = await stack.call('POST', '/api/v1/protections', {
    token: stack.manage,
    body: { media_type: 'series', media_id: series.media_id },
  });
  expect(widened.body.created).toBe(false);
  const removed = await stack.call('DELETE', `/api/v1/protections/${protection.id}`, {
    token: stack.manage,
  });
  const events = await stack.published({ protection: protection.id });
  expect(events).toMatchObject([
    {
      type: 'protection.created',
      candidate_id: null,
      actor: { type: 'api_token', id: stack.manage.id },
      payload: {
        protection,
        links: {
          self: `/api/v1/protections/${protection.id}`,
          media: `/api/v1/series/${series.media_id}`,
        },
      },
    },
    {
      type: 'protection.removed',
      candidate_id: null,
      actor: { type: 'api_token', id: stack.manage.id },
      payload: {
        protection: removed.body,
        links: { collection: '/api/v1/protections', media: `/api/v1/series/${series.media_id}` },
      },
    },
  ]);
});

test('EW#6: failed actions (404, 409, 422) record and deliver nothing', async () => {
  const movie = await seed.newMovie(stack.db, { versions: 3 });
  const [plain, protectedId, pending] = await Promise.all(
    [0, 1, 2].map((i) => seed.newCandidate(stack.db, seed.versionTarget(movie, i))),
  );
  await stack.act(protectedId as number, 'protect');
  const already = await stack.published({ candidate: protectedId as number });
  const deadline = (await stack.act(plain as number, 'cancel')).body.candidate
    .auto_delete_eligible_at;
  const canceled = await stack.published({ candidate: plain as number });
  const failures: [number, string, unknown, number][] = [
    [plain as number, 'postpone', { until: iso(Date.now() - DAY) }, 422],
    [plain as number, 'postpone', { until: deadline }, 422],
    [plain as number, 'postpone', {}, 422],
    [protectedId as number, 'cancel', {}, 409],
    [protectedId as number, 'reset-timer', {}, 409],
    [987_654_321, 'cancel', {}, 404],
  ];
  for (const [id, action, body, status] of failures)
    expect((await stack.act(id, action, body)).status).toBe(status);
  await seed.newFileOperation(stack.db, seed.versionTarget(movie, 2), 'queued');
  for (const action of ['cancel', 'protect'])
    expect((await stack.act(pending as number, action)).status).toBe(409);
  expect(await stack.published({ candidate: plain as number })).toEqual(canceled);
  expect(await stack.published({ candidate: protectedId as number })).toEqual(already);
  expect(await stack.published({ candidate: pending as number })).toEqual([]);
  expect(await stack.published({ candidate: 987_654_321 })).toEqual([]);
});

test('an action replayed with its Idempotency-Key is delivered once', async () => {
  const movie = await seed.newMovie(stack.db);
  const id = await seed.newCandidate(stack.db, seed.versionTarget(movie));
  const first = await stack.act(id, 'cancel', { reason: 'k' }, 'replayed-once');
  const replay = await stack.act(id, 'cancel', { reason: 'k' }, 'replayed-once');
  expect(replay.body).toEqual({ ...first.body, replayed: true });
  expect((await stack.published({ candidate: id })).map((e) => e.id)).toEqual([
    first.body.event_id,
  ]);
});

test('across this file, the broker delivered every committed event exactly once and nothing else', async () => {
  await stack.published({ candidate: 0 }); // waits for the outbox to drain
  const { rows } = await stack.pool.query<{ message_id: string }>(
    `SELECT message_id FROM cleanup.outbox
      WHERE routing_key LIKE 'candidate.%' OR routing_key LIKE 'protection.%' ORDER BY id`,
  );
  expect(rows.length).toBeGreaterThan(10);
  const delivered = await waitFor(() => {
    const ids = stack.broker.messages.map((d) => d.messageId);
    return ids.length >= rows.length && ids;
  });
  expect([...delivered].sort()).toEqual(rows.map((row) => row.message_id).sort());
});
