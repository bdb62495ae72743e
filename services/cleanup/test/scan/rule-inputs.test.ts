import { DAY } from '@mcs/kit/testing';
import { newMovie, newSeries } from '../support/factories';
import {
  deliver,
  jellyfinUser,
  nextAsOf,
  played,
  request,
  requestsOf,
  watchItem,
} from '../support/inputs';
import { conditionsRule, ruleCalls } from '../support/rules';
import { runScan, setSources } from '../support/scan';
import { useWorld } from '../support/world';

/**
 * Scans over catalog's watch data, requests and disk space (domain.md 1.7, 1.8, 3.4 #9-16, #29,
 * #37, #38), delivered through the broker as catalog sends them.
 */
const world = useWorld();
const alice = jellyfinUser(3, 'jf-alice', { username: 'alice' });
const bob = jellyfinUser(3, 'jf-bob', { username: 'bob' });

beforeEach(() =>
  setSources(world, {
    catalog: 'ok',
    arr: 'ok',
    seerr: 'ok',
    playback: 'ok',
    favorites: 'ok',
    disk: 'ok',
  }),
);
afterEach(async () => {
  await world.service.db.$executeRaw`TRUNCATE rules, candidates, protections, media_items,
    movie_versions, seasons, episodes, episode_files, watch_data, request_snapshots,
    playback_users, disk_space`;
  world.clock.set(new Date());
});

async function newRule(
  name: string,
  conditions: { field: string; operator: string; value?: unknown }[],
  extra: Record<string, unknown> = {},
) {
  const response = await ruleCalls(world).create(conditionsRule(name, conditions, extra));
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body.id;
}

const candidates = async () =>
  (await world.service.db.candidate.findMany({ orderBy: { id: 'asc' } })).map((row) => ({
    mediaId: Number(row.mediaId),
    scope: row.scope,
    seasonNumber: row.seasonNumber,
    updatedAt: row.updatedAt,
    unknownSince: row.unknownSince,
  }));

test('watch rules see plays, and never-played items without any watch data', async () => {
  await newRule('Never watched', [{ field: 'watch.never_watched', operator: 'is_true' }]);
  await newRule('Watched by alice', [
    { field: 'playback.watched_by', operator: 'contains_any', value: [alice.playback_user_key] },
  ]);
  const seen = await newMovie(world.service.db);
  const unseen = await newMovie(world.service.db);
  const started = await newMovie(world.service.db);
  await deliver(world, 'media.watch_data_changed', {
    items: [
      watchItem(seen, [played(alice, { movie_id: seen.media_id })]),
      watchItem(started, [played(bob, { movie_id: started.media_id }, false)]),
    ],
    playback_users: [alice, bob],
  });
  await runScan(world);
  expect((await candidates()).map((c) => c.mediaId).sort()).toEqual(
    [seen.media_id, unseen.media_id].sort(),
  );
});

test('a playback outage leaves a watch-based candidate and its timers exactly as they were', async () => {
  await newRule('Not watched for a month', [
    { field: 'watch.days_since_last_watched', operator: 'greater_than', value: 30 },
  ]);
  const movie = await newMovie(world.service.db);
  await deliver(world, 'media.watch_data_changed', {
    items: [watchItem(movie, [played(alice, { movie_id: movie.media_id })])],
    playback_users: [alice],
  });
  expect(await runScan(world)).toMatchObject({ created: 1 });
  const [before] = await candidates();

  await setSources(world, { catalog: 'ok', playback: 'unavailable' });
  world.clock.advance(DAY);
  expect(await runScan(world)).toMatchObject({ unknown: 1, updated: 0, removed: 0 });
  expect(await candidates()).toEqual([{ ...before, unknownSince: world.clock.now() }]);

  // Back, with a recent play: the candidate goes.
  await setSources(world, { catalog: 'ok', playback: 'ok' });
  const recent = played(alice, { movie_id: movie.media_id });
  recent.last_played_at = world.clock.now().toISOString();
  await deliver(world, 'media.watch_data_changed', {
    items: [watchItem(movie, [recent], { last_viewed_at: recent.last_played_at })],
    playback_users: [alice],
  });
  expect(await runScan(world)).toMatchObject({ removed: 1 });
});

test('an older watch snapshot arriving late never replaces a newer one', async () => {
  await newRule('Never watched', [{ field: 'watch.never_watched', operator: 'is_true' }]);
  const movie = await newMovie(world.service.db);
  const older = watchItem(movie, []);
  const newer = watchItem(movie, [played(alice, { movie_id: movie.media_id })]);
  await deliver(world, 'media.watch_data_changed', { items: [newer], playback_users: [alice] });
  await deliver(world, 'media.watch_data_changed', { items: [older], playback_users: [] });
  await runScan(world);
  expect(await candidates()).toEqual([]);
});

test('season rules: fully watched seasons, favourites on an episode, and requests per season', async () => {
  const series = await newSeries(world.service.db, { episodes: [2, 2] });
  const [s1e1, s1e2, s2e1] = series.episodes.map((e) => e.episode_id);
  await deliver(world, 'media.watch_data_changed', {
    items: [
      watchItem({ ...series, episodes: series.episodes }, [
        played(alice, { episode_id: s1e1 ?? 0 }),
        played(bob, { episode_id: s1e2 ?? 0 }),
        played(alice, { episode_id: s2e1 ?? 0 }),
      ]),
    ].map((item) => ({
      ...item,
      episodes: item.episodes.map((e) =>
        e.episode_id === s2e1 ? { ...e, favorite_user_keys: [bob.playback_user_key] } : e,
      ),
    })),
    playback_users: [alice, bob],
  });
  await deliver(
    world,
    'media.requests_changed',
    requestsOf(series, [request(1, { jellyfin_user_id: 'jf-alice' }, { season_numbers: [2] })]),
  );
  const scope = { media_type: 'series', target_scope: 'season' };
  await newRule('Fully watched', [{ field: 'season.fully_watched', operator: 'is_true' }], scope);
  await runScan(world);
  expect((await candidates()).map((c) => c.seasonNumber)).toEqual([1]);

  await world.service.db.$executeRaw`TRUNCATE rules, candidates`;
  await newRule(
    'Favourite, requested',
    [
      { field: 'favorites.exists', operator: 'is_true' },
      { field: 'seerr.requested', operator: 'is_true' },
    ],
    scope,
  );
  await runScan(world);
  // The series has no favourite of its own: only season 2's episode is one, and only season 2
  // is requested.
  expect((await candidates()).map((c) => c.seasonNumber)).toEqual([2]);
});

test('disk free space comes from the newest disk snapshot', async () => {
  await newRule('Disk nearly full', [
    { field: 'disk.free_percent', operator: 'less_than', value: 10 },
  ]);
  const movie = await newMovie(world.service.db);
  await world.service.db.$executeRaw`
    UPDATE movie_versions SET facts = facts || '{"disk_id": "radarr-1:d1"}'::jsonb
     WHERE movie_id = ${movie.media_id}`;
  const disk = (free: number) => ({
    as_of: nextAsOf(),
    disks: [
      {
        disk_id: 'radarr-1:d1',
        service_config_id: 1,
        free_bytes: free,
        total_bytes: 100,
        free_percent: free,
        checked_at: world.clock.now().toISOString(),
      },
    ],
  });
  await deliver(world, 'media.disk_space_changed', disk(40));
  await runScan(world);
  expect(await candidates()).toEqual([]);
  await deliver(world, 'media.disk_space_changed', disk(5));
  await runScan(world);
  expect((await candidates()).map((c) => c.mediaId)).toEqual([movie.media_id]);
});
