import { useWorld } from '../support/world';

/** refresh_playback_history (domain.md 1.7, 2.10) and sentinel dates stored as unknown (2.12, DM#8). */
const world = useWorld({
  sim: { movies: 10, series: 1, seasonsPerSeries: 1, episodesPerSeason: 3, users: 2 },
});

const movieOf = (index: number) =>
  world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(index).tmdbId },
  });

beforeAll(async () => {
  await world.configure([]);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

afterEach(() => world.sim.faults.reset());

test('watch states of every user become per-user rows and aggregates, published for cleanup', async () => {
  world.sim.mutate.setPlayed(0, { movie: 0 });
  world.sim.mutate.setPlayed(1, { movie: 0 });
  const mark = await world.outboxMark();
  const run = await world.runTask('refresh_playback_history');
  expect(run.status).toBe('completed');
  expect(run.itemsProcessed).toBeGreaterThan(0);
  const movie = await movieOf(0);
  expect(movie.viewCount).toBeGreaterThanOrEqual(2);
  expect(movie.lastViewedAt).not.toBeNull();
  const items = (await world.outbox('media.watch_data_changed', mark)).flatMap((m) => m.items);
  const facts = items.find((i) => i.media_type === 'movie' && i.media_id === Number(movie.id));
  const keys = facts?.watch_states.map((s) => s.playback_user_key.split(':')[1]) ?? [];
  expect(keys).toEqual(
    expect.arrayContaining([0, 1].map((u) => world.sim.library.jellyfinUserId(u))),
  );
  expect(facts?.last_viewed_at).toBe(movie.lastViewedAt?.toISOString());
  const api = await world.api<{ view_count: number; last_viewed_at: string }>(
    'GET',
    `/api/v1/movies/${movie.id}`,
  );
  expect(api.body).toMatchObject({
    view_count: movie.viewCount,
    last_viewed_at: movie.lastViewedAt?.toISOString(),
  });
});

test('DM#8: a sentinel watch date (0001-01-01) is stored as unknown, never as "long ago"', async () => {
  world.sim.faults.set({ sentinelDates: true }, ['jellyfin']);
  const mark = await world.outboxMark();
  expect((await world.runTask('refresh_playback_history')).status).toBe('completed');
  const movie = await movieOf(0);
  const states = await world.service.db.watchState.findMany({
    where: { itemKind: 'movie', itemId: movie.id },
  });
  expect(states.length).toBeGreaterThanOrEqual(2);
  for (const state of states) expect(state.lastPlayedAt).toBeNull();
  expect(movie.lastViewedAt).toBeNull();
  expect(movie.viewCount).toBeGreaterThanOrEqual(2);
  const items = (await world.outbox('media.watch_data_changed', mark)).flatMap((m) => m.items);
  const facts = items.find((i) => i.media_id === Number(movie.id));
  expect(facts?.last_viewed_at).toBeNull();
  expect(facts?.watch_states.every((s) => s.last_played_at === null)).toBe(true);
});

test('a sync reading sentinel dates counts them and stores no added date', async () => {
  world.sim.faults.set({ sentinelDates: true }, ['jellyfin']);
  const run = await world.runTask('sync_media');
  expect((run.summary.invalid_dates as Record<string, number>).added_at).toBeGreaterThan(0);
  expect((await movieOf(1)).addedAt).toBeNull();
  const api = await world.api<{ added_at: string | null }>(
    'GET',
    `/api/v1/movies/${(await movieOf(1)).id}`,
  );
  expect(api.body.added_at).toBeNull();
});
