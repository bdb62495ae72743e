import type { ActionResponse, ProtectionCreated } from './support/api';
import { waitFor, DAY } from '@mcs/kit/testing';
import {
  newCandidate,
  newMovie,
  newSeries,
  seasonTarget,
  versionTarget,
} from './support/factories';
import { useWorld } from './support/world';

/** events-webhooks.md 1: every action is exactly one event on the broker, with its payload. */
const world = useWorld();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

test('a candidate event carries the event record and the payload envelope of schema_version 1', async () => {
  const movie = await newMovie(world.service.db);
  const id = await newCandidate(world.service.db, versionTarget(movie));
  const response = await world.api<ActionResponse>('POST', `/api/v1/candidates/${id}/cancel`, {
    body: { reason: 'Keep for the film club' },
  });
  const eventId = response.body.event_id;
  const message = await waitFor(() => world.broker.messages.find((m) => m.messageId === eventId));
  const occurredAt = world.clock.now().toISOString();
  expect(message).toEqual({
    name: 'candidate.canceled',
    messageId: eventId,
    payload: {
      id: eventId,
      type: 'candidate.canceled',
      occurred_at: occurredAt,
      candidate_id: id,
      actor: { type: 'api_token', id: 4 },
      media_type: 'movie',
      operation_id: null,
      payload: {
        schema_version: 1,
        id: eventId,
        type: 'candidate.canceled',
        occurred_at: occurredAt,
        candidate: response.body.candidate,
        links: { self: `/api/v1/candidates/${id}`, media: `/api/v1/movies/${movie.media_id}` },
      },
    },
  });
  expect(eventId).toMatch(UUID);
  expect(occurredAt).toMatch(TIMESTAMP);
  expect(JSON.stringify(message.payload)).not.toContain('.mkv'); // no file name, no path
});

test('protection events: created links self and media, removed links the collection; actor user', async () => {
  const series = await newSeries(world.service.db, { title: 'The Expanse' });
  const created = await world.api<ProtectionCreated>('POST', '/api/v1/protections', {
    body: {
      media_type: 'series',
      media_id: series.media_id,
      season_id: series.seasons[0]?.season_id,
    },
  });
  const protection = created.body.protection;
  const removed = await world.api('DELETE', `/api/protected/${protection.id}`, {
    principal: { type: 'user', id: 7, role: 'admin' },
  });
  expect(removed.status).toBe(200);
  const events = await waitFor(() => {
    const found = world.broker.messages.filter(
      (m) => m.payload.payload.protection?.id === protection.id,
    );
    return found.length === 2 && found;
  });
  expect(events.map((m) => m.payload)).toMatchObject([
    {
      type: 'protection.created',
      candidate_id: null,
      actor: { type: 'api_token', id: 4 },
      media_type: 'series',
      payload: { protection },
    },
    {
      type: 'protection.removed',
      candidate_id: null,
      actor: { type: 'user', id: 7 },
      payload: { protection: { id: protection.id, scope: 'season', season_number: 1 } },
    },
  ]);
  expect(events.map((m) => m.payload.payload.links)).toEqual([
    { self: `/api/v1/protections/${protection.id}`, media: `/api/v1/series/${series.media_id}` },
    { collection: '/api/v1/protections', media: `/api/v1/series/${series.media_id}` },
  ]);
});

test('every action and protection change appears exactly once on the broker', async () => {
  const db = world.service.db;
  const series = await newSeries(db, { episodes: [1, 1, 1, 1] });
  const ids = await Promise.all([0, 1, 2, 3].map((i) => newCandidate(db, seasonTarget(series, i))));
  const until = new Date(world.clock.now().getTime() + 60 * DAY).toISOString();
  const actions: [string, unknown][] = [
    ['cancel', {}],
    ['postpone', { until }],
    ['reset-timer', {}],
    ['protect', {}],
  ];
  const eventIds: string[] = [];
  for (const [index, [action, body]] of actions.entries()) {
    const response = await world.api<ActionResponse>(
      'POST',
      `/api/v1/candidates/${ids[index]}/${action}`,
      { body },
    );
    eventIds.push(response.body.event_id);
  }
  await world.drained();
  const names = await waitFor(() => {
    const mine = world.broker.messages.filter((m) =>
      ids.includes(m.payload.candidate_id as number),
    );
    return mine.length >= 5 && mine;
  });
  expect(names.map((m) => m.name).sort()).toEqual(
    [
      'candidate.canceled',
      'candidate.postponed',
      'candidate.timer_reset',
      'protection.created',
      'candidate.protected',
    ].sort(),
  );
  expect(new Set(names.map((m) => m.messageId)).size).toBe(5);
  for (const eventId of eventIds) expect(names.map((m) => m.messageId)).toContain(eventId);
});
