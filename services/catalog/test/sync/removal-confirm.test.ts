import { waitFor } from '@mcs/kit/testing';
import { activeAlerts } from '../../src/alerts/alert.repository';
import { useWorld } from '../support/world';

/**
 * domain.md 2.11 and DM#7: an administrator confirms the mass-removal alert (through cleanup,
 * decision 016) instead of a second full sync. 240 episodes make two pages of the episode list,
 * so a truncated second page leaves the series library incomplete while the movies complete.
 */
const world = useWorld({
  sim: { movies: 100, series: 3, seasonsPerSeries: 2, episodesPerSeason: 40 },
});

const db = () => world.service.db;
const liveMovies = () => db().movie.count({ where: { removedAt: null } });
const JOB = 41;

const confirm = () =>
  world.broker.send('catalog.removals.confirm', {
    job_id: JOB,
    confirmed_by_user_id: 1,
    confirmed_at: new Date().toISOString(),
  });

const resolutions = (jobId: number | null, count: number) =>
  waitFor(
    () => {
      const found = world.broker
        .of('alert.resolved')
        .filter((r) => r.kind === 'sync_mass_removal_blocked' && r.job_id === jobId);
      return found.length >= count ? found : undefined;
    },
    { what: `${count} alert.resolved for job ${jobId}`, timeoutMs: 20_000 },
  );

const heldCounts = async () => {
  const rows = await db().pendingRemoval.groupBy({ by: ['kind'], _count: true });
  return Object.fromEntries(rows.map((row) => [row.kind, row._count]));
};

beforeAll(async () => {
  await world.configure([]);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

afterEach(() => world.sim.faults.reset());

test('DM#7: a confirmation removes the held movies still missing, without another sync, and keeps one that reappeared', async () => {
  for (let index = 0; index < 20; index++) world.sim.mutate.removeMovie(index);
  const guarded = await world.runTask('sync_media');
  expect(guarded.summary).toMatchObject({ guarded: true, removed: 0 });
  expect(await liveMovies()).toBe(100);
  const raised = await waitFor(
    () => world.broker.of('alert.raised').find((a) => a.kind === 'sync_mass_removal_blocked'),
    { what: 'alert.raised' },
  );
  expect(raised).toMatchObject({
    subject: '',
    severity: 'critical',
    data: { counts: { movie: { held: 20, live: 100 } } },
  });
  const heldMovies = (await db().pendingRemoval.findMany({ where: { kind: 'movie' } })).map((row) =>
    Number(row.entityId),
  );

  // Movie 0 comes back; a sync sees it but, incomplete, concludes nothing else.
  world.sim.mutate.addMovieFile(0);
  world.sim.faults.set({ emptyPagesFrom: 200 }, ['jellyfin']);
  expect((await world.runTask('sync_media')).summary).toMatchObject({ removed: 0 });
  const stillHeld = (await db().pendingRemoval.findMany({ where: { kind: 'movie' } })).map((row) =>
    Number(row.entityId),
  );
  expect(stillHeld).toHaveLength(19);
  const reappeared = heldMovies.find((id) => !stillHeld.includes(id)) as number;
  expect(await activeAlerts(db(), 'sync_mass_removal_blocked')).toHaveLength(1);
  world.sim.faults.reset();

  const held = await heldCounts();
  const mark = world.broker.messages.length;
  await confirm();
  const [answer] = await resolutions(JOB, 1);
  expect(answer?.summary).toEqual({
    removed: { movie: 19, series: 0, version: held.version ?? 0, episode_file: 0 },
  });
  expect(await liveMovies()).toBe(81);
  expect(await db().movie.findUnique({ where: { id: reappeared } })).toMatchObject({
    removedAt: null,
  });
  expect(await db().pendingRemoval.count()).toBe(0);
  expect(await activeAlerts(db(), 'sync_mass_removal_blocked')).toEqual([]);
  await world.drained();
  const removed = world.broker.messages
    .slice(mark)
    .filter((m) => m.name === 'media.removed')
    .map((m) => (m.payload as { media_id: number }).media_id);
  expect(removed.sort((a, b) => a - b)).toEqual(stillHeld.sort((a, b) => a - b));
});

test('the same job sent again removes nothing more and repeats the answer', async () => {
  const live = await liveMovies();
  const [first] = await resolutions(JOB, 1);
  const mark = await world.outboxMark();
  await confirm();
  const [, again] = await resolutions(JOB, 2);
  expect(again?.summary).toEqual(first?.summary);
  expect(await liveMovies()).toBe(live);
  expect(await world.outbox('media.removed', mark)).toEqual([]);
});

test('a guard that ends on its own (the library came back) resolves with no job', async () => {
  world.sim.faults.set({ emptyLibrary: true }, ['jellyfin']);
  expect((await world.runTask('sync_media')).summary).toMatchObject({ guarded: true });
  world.sim.faults.reset();
  expect((await world.runTask('sync_media')).summary).toMatchObject({ guarded: false, removed: 0 });
  const [resolved] = await resolutions(null, 1);
  expect(resolved).toMatchObject({ subject: '', job_id: null, summary: {} });
  expect(await activeAlerts(db(), 'sync_mass_removal_blocked')).toEqual([]);
});
