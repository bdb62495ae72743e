import { randomUUID } from 'node:crypto';
import type { MessageName, MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { Client } from 'pg';
import { clientsFor } from '../simulator/clients';
import { useWorld } from '../support/world';

/**
 * catalog.inputs.refresh really refreshes the asked sources (domain.md 4.1 step 2, 6.1 step 3),
 * with the simulator as Jellyfin, Radarr, Sonarr and Seerr: what changed there reaches media.*
 * messages committed before the answer, media.inputs_refreshed, which carries the sources'
 * states after the refresh.
 */
const world = useWorld({
  sim: { movies: 8, series: 1, seasonsPerSeries: 1, episodesPerSeason: 2, users: 1 },
});
const HOUR = 3_600_000;

beforeAll(async () => {
  await world.configure(['radarr', 'sonarr', 'seerr']);
  for (const task of ['sync_media', 'refresh_playback_history', 'sync_requests'])
    expect((await world.runTask(task)).status).toBe('completed');
});
afterEach(() => world.sim.faults.reset());

type Refreshable = MessagePayload<'catalog.inputs.refresh'>['sources'][number];

/** Sends the command; returns the answer and the messages committed before it. */
async function refresh(sources: Refreshable[]) {
  const mark = await world.outboxMark();
  const messageId = randomUUID();
  await world.broker.send('catalog.inputs.refresh', { run_id: 9, sources }, messageId);
  const answer = await waitFor(
    async () =>
      (await world.outbox('media.inputs_refreshed', mark)).find(
        (a) => a.command_message_id === messageId,
      ),
    { timeoutMs: 30_000, what: 'media.inputs_refreshed' },
  );
  const rows = await world.service.db.outboxMessage.findMany({
    where: { id: { gt: mark } },
    orderBy: { id: 'asc' },
  });
  const at = rows.findIndex((row) => row.routingKey === 'media.inputs_refreshed');
  const before = <K extends MessageName>(name: K): MessagePayload<K>[] =>
    rows
      .slice(0, at)
      .filter((row) => row.routingKey === name)
      .map((row) => row.payload as MessagePayload<K>);
  const source = (name: string) => answer.sources.filter((s) => s.source === name);
  // Every media.* message committed before the answer, as the answer names them.
  const committed = rows
    .slice(0, at)
    .filter((row) => row.routingKey.startsWith('media.'))
    .map((row) => ({ message_id: row.messageId, name: row.routingKey }));
  return { answer, before, source, committed };
}

const movieOf = (index: number) =>
  world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(index).tmdbId },
  });

/** A movie of the catalog Radarr holds: its index in the simulator and its Radarr id. */
function radarrMovie(): { index: number; arrId: number } {
  const index = [...Array(8).keys()].find((i) => world.sim.library.movie(i).inRadarr) as number;
  return { index, arrId: index + 1 };
}

test('playback: a watch completed since the last read reaches media.watch_data_changed first', async () => {
  world.sim.mutate.setPlayed(0, { movie: 2 });
  const { answer, before, source, committed } = await refresh(['playback']);
  expect(answer.preceded_by).toEqual(committed);
  expect(committed.map((message) => message.name)).toContain('media.watch_data_changed');
  const movie = await movieOf(2);
  const watched = before('media.watch_data_changed').flatMap((m) => m.items);
  expect(watched).toContainEqual(
    expect.objectContaining({ media_type: 'movie', media_id: Number(movie.id) }),
  );
  expect(movie.viewCount).toBeGreaterThanOrEqual(1);
  expect(source('playback')).toEqual([
    expect.objectContaining({ state: 'ok', last_success_at: answer.completed_at }),
  ]);
});

test('arr: a changed monitored flag and tag reach the movie facts before the answer', async () => {
  const { index, arrId } = radarrMovie();
  const clients = clientsFor(world.sim);
  await clients.radarr.unmonitor([arrId]);
  await clients.radarr.addTag([arrId], 1);
  clients.close();
  const { before, source } = await refresh(['arr']);
  const movie = await movieOf(index);
  const facts = before('media.items_upserted')
    .flatMap((m) => m.items)
    .find((item) => item.media_type === 'movie' && item.media_id === Number(movie.id));
  expect(facts).toMatchObject({ is_monitored: false, arr_tags: ['keep'] });
  expect(source('arr').map((s) => s.state)).toEqual(['ok', 'ok']);
  // Disk space comes with the Arr lists.
  expect(before('media.disk_space_changed')).toHaveLength(1);
});

test('disk: new free space reaches media.disk_space_changed before the answer', async () => {
  const previous = (await world.outbox('media.disk_space_changed')).at(-1);
  const freed = 7_000_000_000;
  world.sim.freedBytes.radarr += freed;
  const { before, source } = await refresh(['disk']);
  const [message] = before('media.disk_space_changed');
  const radarr = (m: typeof message) =>
    m?.disks.find((d) => d.service_config_id === source('disk')[0]?.service_config_id);
  expect(radarr(message)?.free_bytes).toBe((radarr(previous)?.free_bytes ?? 0) + freed);
  expect(source('disk').map((s) => s.state)).toEqual(['ok', 'ok']);
});

test('seerr: a snapshot under an hour old is kept, without a call to Seerr', async () => {
  world.sim.mutate.addRequest({ movie: 3 });
  world.sim.faults.set({ nextErrors: 1 }, ['seerr']);
  const [previous] = (await refresh(['seerr'])).source('seerr');
  world.clock.advance(HOUR - 60_000);
  const { before, source } = await refresh(['seerr']);
  expect(world.sim.faults.of('seerr').nextErrors).toBe(1);
  expect(before('media.requests_changed')).toEqual([]);
  expect(source('seerr')).toEqual([previous]);
});

test('seerr: an older snapshot is swept again and the new request is published first', async () => {
  world.clock.advance(2 * 60_000);
  const { before, source } = await refresh(['seerr']);
  const movie = await movieOf(3);
  const items = before('media.requests_changed').flatMap((m) => m.items);
  const item = items.find((i) => i.media_type === 'movie' && i.media_id === Number(movie.id));
  expect(item?.requests).toHaveLength(1);
  expect(source('seerr')).toEqual([
    expect.objectContaining({ state: 'ok', last_success_at: world.clock.now().toISOString() }),
  ]);
});

test('a source whose sync runs now is answered as it is, without waiting', async () => {
  world.clock.advance(2 * HOUR);
  world.sim.mutate.addRequest({ movie: 4 });
  const sync = new Client({ connectionString: world.env.databaseUrl });
  await sync.connect();
  try {
    await sync.query('SELECT pg_advisory_lock(hashtext($1))', ['catalog:requests']);
    const { before, source } = await refresh(['seerr']);
    expect(before('media.requests_changed')).toEqual([]);
    const lastAttempt = Date.parse(source('seerr')[0]?.last_attempt_at ?? '');
    expect(lastAttempt).toBeLessThan(world.clock.now().getTime());
  } finally {
    await sync.end();
  }
});

test('a failing Radarr is reported unavailable while Seerr is still swept', async () => {
  world.clock.advance(2 * HOUR);
  world.sim.mutate.addRequest({ movie: 5 });
  world.sim.faults.set({ nextErrors: 100, errorStatus: 503 }, ['radarr']);
  const { before, source } = await refresh(['arr', 'disk', 'seerr']);
  const radarr = (list: { service_type: string | null }[]) =>
    list.filter((s) => s.service_type === 'radarr');
  expect(radarr(source('arr'))).toEqual([
    expect.objectContaining({ state: 'unavailable', reason: 'http_503' }),
  ]);
  expect(radarr(source('disk'))).toEqual([expect.objectContaining({ state: 'unavailable' })]);
  const published = before('media.source_status_changed').at(-1)?.sources ?? [];
  expect(radarr(published.filter((s) => s.source === 'arr'))).toEqual([
    expect.objectContaining({ state: 'unavailable' }),
  ]);
  const movie = await movieOf(5);
  const items = before('media.requests_changed').flatMap((m) => m.items);
  expect(items.map((i) => i.media_id)).toContain(Number(movie.id));
  expect(source('seerr')[0]).toMatchObject({ state: 'ok' });
});
