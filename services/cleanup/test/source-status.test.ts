import type { InternalApi, MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { ADMIN } from './support/api';
import { useWorld } from './support/world';

/** catalog's data-source states, kept for rule evaluation and the rule editor (domain.md 2.13). */
const world = useWorld();

const HOUR = 3_600_000;

type Synced = InternalApi.components['schemas']['RuleDataSynced'];
type Snapshot = MessagePayload<'media.source_status_changed'>;
type Status = Snapshot['sources'][number];

const status = (source: Status['source'], state: Status['state'], ago: number): Status => ({
  source,
  service_config_id: source === 'catalog' || source === 'tmdb' ? null : 3,
  service_type: source === 'arr' ? 'radarr' : source === 'playback' ? 'jellyfin' : null,
  state,
  reason: state === 'ok' ? null : 'unreachable',
  last_success_at: new Date(world.clock.now().getTime() - ago).toISOString(),
  last_attempt_at: world.clock.now().toISOString(),
});

/** Publishes a snapshot and waits until the consumer has processed it. */
async function report(asOf: Date, sources: Status[]) {
  const { db, runtime } = world.service;
  const before = await db.inboxMessage.count();
  await runtime.publisher.publish('media.source_status_changed', {
    as_of: asOf.toISOString(),
    sources,
  });
  await waitFor(async () => (await db.inboxMessage.count()) > before, { what: 'the snapshot' });
}

const synced = async (query = '') =>
  (await world.api<Synced>('GET', `/api/rules/check-synced${query}`, { principal: ADMIN })).body;

test('before catalog reports, nothing is ready; a report makes fresh sources available and flags stale ones', async () => {
  expect(await synced('?fields=media.title')).toEqual({
    ready: false,
    sources: [],
    fields: [{ field: 'media.title', source: 'catalog', available: false }],
  });
  await report(world.clock.now(), [
    status('catalog', 'ok', HOUR),
    status('arr', 'ok', 30 * HOUR),
    status('playback', 'unavailable', HOUR),
    status('tmdb', 'ok', HOUR),
  ]);
  const after = await synced('?fields=media.title,arr.monitored,watch.view_count,series.status');
  expect(after.fields).toEqual([
    { field: 'media.title', source: 'catalog', available: true },
    { field: 'arr.monitored', source: 'arr', available: false },
    { field: 'watch.view_count', source: 'playback', available: false },
    { field: 'series.status', source: 'tmdb / arr', available: true },
  ]);
  expect(after.ready).toBe(false);
  expect(after.sources.map((s) => [s.source, s.state, s.stale])).toEqual([
    ['catalog', 'ok', false],
    ['arr', 'ok', true],
    ['playback', 'unavailable', false],
    ['tmdb', 'ok', false],
  ]);
  expect((await synced('?fields=media.title,series.status')).ready).toBe(true);
});

test('an older snapshot arriving late never replaces a newer one', async () => {
  const now = world.clock.now();
  await report(new Date(now.getTime() + 1), [status('catalog', 'ok', 0), status('imdb', 'ok', 0)]);
  await report(new Date(now.getTime() - HOUR), [status('catalog', 'unavailable', 0)]);
  const body = await synced('?fields=media.title');
  expect(body.sources.map((s) => s.source)).toEqual(['catalog', 'imdb']);
  expect(body.ready).toBe(true);
});

test('without fields, the movie list holds movie fields only; unknown fields are 422', async () => {
  const movie = await synced('?media_type=movie');
  const names = movie.fields.map((f) => f.field);
  expect(names).toContain('movie.version_count');
  expect(names).not.toContain('season.number');
  const bad = await world.api('GET', '/api/rules/check-synced?fields=media.title,nope', {
    principal: ADMIN,
  });
  expect(bad.status).toBe(422);
});
