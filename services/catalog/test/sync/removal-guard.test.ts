import { activeAlerts } from '../../src/alerts/alert.repository';
import { useWorld } from '../support/world';

/** domain.md 2.11 and DM#5-6: soft removal, and the mass-removal guard against a media server that suddenly looks empty. */
const world = useWorld({
  sim: { movies: 30, series: 3, seasonsPerSeries: 1, episodesPerSeason: 2 },
});

const liveMovies = () => world.service.db.movie.count({ where: { removedAt: null } });

beforeAll(async () => {
  await world.configure(['radarr', 'sonarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

afterEach(() => world.sim.faults.reset());

test('DM#5: movies that left the server are soft-removed and still answer by id', async () => {
  const before = await liveMovies();
  world.sim.mutate.removeMovie(3);
  world.sim.mutate.removeMovie(4);
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_media');
  expect(run.summary).toMatchObject({ kind: 'full', guarded: false });
  expect(await liveMovies()).toBe(before - 2);
  const removed = await world.outbox('media.removed', mark);
  expect(removed.map((r) => r.media_type)).toEqual(['movie', 'movie']);
  const id = removed[0]?.media_id as number;
  const byId = await world.api<{ removed_at: string | null }>('GET', `/api/v1/movies/${id}`);
  expect(byId.status).toBe(200);
  expect(byId.body.removed_at).not.toBeNull();
  const list = await world.api<{ items: { id: number }[] }>('GET', '/api/v1/movies?per_page=200');
  expect(list.body.items.map((m) => m.id)).not.toContain(id);
});

test('a media server that suddenly reports an empty library removes nothing and raises an alert', async () => {
  const before = await liveMovies();
  world.sim.faults.set({ emptyLibrary: true }, ['jellyfin']);
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_media');
  expect(run).toMatchObject({ status: 'completed', summary: { guarded: true, removed: 0 } });
  expect(await liveMovies()).toBe(before);
  expect(await world.outbox('media.removed', mark)).toEqual([]);
  expect(await world.outbox('media.version_removed', mark)).toEqual([]);
  const [alert] = await activeAlerts(world.service.db, 'sync_mass_removal_blocked');
  expect(alert?.data).toMatchObject({ counts: { movie: { held: before, live: before } } });
  expect(await world.service.db.pendingRemoval.count({ where: { kind: 'movie' } })).toBe(before);
  const synced = await world.outbox('media.synced', mark);
  expect(synced[0]?.summary.guarded).toBe(true);
});

test('when the library comes back, the held removals are dropped and the alert resolves', async () => {
  const before = await liveMovies();
  const run = await world.runTask('sync_media', 'schedule');
  // Held removals make the next sync a full one, which confirms nothing it sees again.
  expect(run.summary).toMatchObject({ kind: 'full', guarded: false, removed: 0 });
  expect(await liveMovies()).toBe(before);
  expect(await world.service.db.pendingRemoval.count()).toBe(0);
  expect(await activeAlerts(world.service.db, 'sync_mass_removal_blocked')).toEqual([]);
});

test('DM#6: a second consecutive full sync that still misses the items confirms the removal', async () => {
  world.sim.faults.set({ emptyLibrary: true }, ['jellyfin']);
  expect((await world.runTask('sync_media')).summary).toMatchObject({ guarded: true });
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_media');
  expect(run.summary).toMatchObject({ guarded: false });
  expect(await liveMovies()).toBe(0);
  expect(await world.service.db.series.count({ where: { removedAt: null } })).toBe(0);
  expect((await world.outbox('media.removed', mark)).length).toBeGreaterThan(0);
  expect(await activeAlerts(world.service.db, 'sync_mass_removal_blocked')).toEqual([]);
  // The library returns: the same items are restored, with the same ids.
  world.sim.faults.reset();
  const restoreMark = await world.outboxMark();
  expect((await world.runTask('sync_media')).summary.restored).toBeGreaterThan(0);
  expect((await world.outbox('media.restored', restoreMark)).length).toBeGreaterThan(0);
  expect(await liveMovies()).toBe(world.sim.library.counts().serverMovies);
});
