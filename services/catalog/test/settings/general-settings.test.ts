import { waitFor } from '@mcs/kit/testing';
import { deleteCommand, finishedOperation } from '../support/operations';
import { useWorld } from '../support/world';

/**
 * The general settings catalog follows (docs/decisions/025): each decision reads them as they
 * are at that moment, so a settings.changed counts from the next sync or operation on.
 */
const world = useWorld({
  sim: { movies: 30, series: 1, seasonsPerSeries: 1, episodesPerSeason: 2 },
});

const movieFor = (index: number) =>
  world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(index).tmdbId },
  });
const indices = [...Array(30).keys()];
const inRadarr = () => indices.filter((i) => world.sim.library.movie(i).inRadarr);
const serverOnly = () =>
  indices.find((i) => !world.sim.library.movie(i).inRadarr && world.sim.library.movie(i).onServer);

beforeAll(async () => {
  await world.configure(['radarr', 'sonarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

test('until the scheduler has published a version, catalog decides on the documented defaults', async () => {
  expect(await world.service.services.settings.version()).toBe(0);
  expect(await world.service.services.settings.current()).toMatchObject({
    sync_removal_guard_ratio: 0.1,
    media_server_fallback_enabled: true,
    delete_pacing_seconds: 2,
    move_destination_movies: null,
    path_mappings: [],
  });
  // It asked the owner for the current version once, at start.
  expect(await world.outbox('settings.requested')).toEqual([{ requested_by_service: 'catalog' }]);
});

test('a lower removal-guard ratio holds the removals of the next full sync', async () => {
  const live = () => world.service.db.movie.count({ where: { removedAt: null } });
  const [first, second] = inRadarr().slice(-2) as [number, number];
  const before = await live();
  world.sim.mutate.removeMovie(first);
  const open = await world.runTask('sync_media');
  expect(open.summary).toMatchObject({ kind: 'full', guarded: false });
  expect(await live()).toBe(before - 1);
  // One movie (and its versions) of the rest is under 10 % but over 2 %.
  await world.changeSettings({ sync_removal_guard_ratio: 0.02 });
  world.sim.mutate.removeMovie(second);
  const held = await world.runTask('sync_media');
  expect(held.summary).toMatchObject({ kind: 'full', guarded: true, removed: 0 });
  expect(await live()).toBe(before - 1);
  await waitFor(
    async () => (await world.service.db.pendingRemoval.count({ where: { kind: 'movie' } })) === 1,
  );
});

test('a new pacing applies to the next operation', async () => {
  const paced = async (index: number) => {
    const movie = await movieFor(index);
    world.sleeps.length = 0;
    // Unmonitor of a Radarr movie: delete its file, then unmonitor it (two paced calls).
    const command = deleteCommand({ media_id: Number(movie.id) }, { arr_action: 'unmonitor' });
    await world.broker.send('catalog.file_operation.execute', command);
    expect(await finishedOperation(world, command.operation_id)).toMatchObject({
      status: 'succeeded',
    });
    return world.sleeps.filter((ms) => ms > 0);
  };
  expect(await paced(inRadarr()[0] as number)).toEqual([2000]);
  await world.changeSettings({ delete_pacing_seconds: 7 });
  expect(await paced(inRadarr()[1] as number)).toEqual([7000]);
});

test('turning the media-server fallback off and on decides the route of the next operation', async () => {
  const index = serverOnly();
  if (index === undefined) throw new Error('the simulator has no server-only movie');
  const movie = await movieFor(index);
  await world.changeSettings({ media_server_fallback_enabled: false });
  const refused = deleteCommand({ media_id: Number(movie.id) });
  await world.broker.send('catalog.file_operation.execute', refused);
  expect(await finishedOperation(world, refused.operation_id)).toMatchObject({
    status: 'failed',
    failureReason: 'no_route',
  });
  await world.changeSettings({ media_server_fallback_enabled: true });
  world.sim.deletions.clear();
  const allowed = deleteCommand({ media_id: Number(movie.id) });
  await world.broker.send('catalog.file_operation.execute', allowed);
  const done = await finishedOperation(world, allowed.operation_id);
  expect(done).toMatchObject({ status: 'succeeded', route: { service_type: 'jellyfin' } });
  expect(world.sim.deletions.list('jellyfin')).toHaveLength(1);
});
