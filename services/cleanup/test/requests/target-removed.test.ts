import type { MessageName, MessagePayload } from '@mcs/contracts';
import type { Principal } from '@mcs/kit';
import { ADMIN, USER } from '../support/api';
import { newMovie, newSeries } from '../support/factories';
import { deliver } from '../support/inputs';
import { useWorld } from '../support/world';

/** Pending requests close with `target_removed` when their target leaves (domain.md 8.1, 8.2). */
const world = useWorld();
const ASKER: Principal = { ...USER, name: 'asker' };

type Kind = 'protection' | 'delete';
const OTHER: Principal = { type: 'user', id: 3, role: 'user', name: 'other' };
const ask = async (kind: Kind, body: Record<string, unknown>, principal = ASKER) => {
  const reply = await world.api<{ request: { id: number } }>('POST', `/api/${kind}-requests`, {
    body,
    principal,
  });
  expect(reply.status).toBe(201);
  return reply.body.request.id;
};
const statusOf = async (kind: Kind, id: number) => {
  const { body } = await world.api<{
    items: { id: number; status: string; close_reason: string | null }[];
  }>('GET', `/api/${kind}-requests?per_page=200`, { principal: ADMIN });
  const found = body.items.find((r) => r.id === id);
  return found && [found.status, found.close_reason];
};
const send = <K extends MessageName>(name: K, payload: MessagePayload<K>) =>
  deliver(world, name, payload);

test('a removed movie closes its pending requests of both kinds; other movies keep theirs', async () => {
  const gone = await newMovie(world.service.db);
  const kept = await newMovie(world.service.db);
  const protect = await ask('protection', { media_type: 'movie', media_id: gone.media_id });
  const remove = await ask('delete', { media_type: 'movie', media_id: gone.media_id });
  const other = await ask('delete', { media_type: 'movie', media_id: kept.media_id });
  await send('media.removed', {
    media_type: 'movie',
    media_id: gone.media_id,
    removed_at: new Date().toISOString(),
  });
  expect(await statusOf('protection', protect)).toEqual(['closed', 'target_removed']);
  expect(await statusOf('delete', remove)).toEqual(['closed', 'target_removed']);
  expect(await statusOf('delete', other)).toEqual(['pending', null]);
});

test('a removed version closes the requests for it, not those for the movie or its other version', async () => {
  const movie = await newMovie(world.service.db, { versions: 2 });
  const [first, second] = movie.versions.map((v) => v.version_id);
  const base = { media_type: 'movie', media_id: movie.media_id };
  const onFirst = await ask('delete', { ...base, movie_version_id: first });
  const onSecond = await ask('protection', { ...base, movie_version_id: second });
  // Another user: one user's pending requests may not overlap.
  const onMovie = await ask('protection', base, OTHER);
  await send('media.version_removed', {
    movie_id: movie.media_id,
    version_id: first ?? 0,
    cause: 'left_library',
    replaced_by_version_id: null,
  });
  expect(await statusOf('delete', onFirst)).toEqual(['closed', 'target_removed']);
  expect(await statusOf('protection', onSecond)).toEqual(['pending', null]);
  expect(await statusOf('protection', onMovie)).toEqual(['pending', null]);
});

test('an episode that lost its file closes delete requests for it; protection requests stay', async () => {
  const series = await newSeries(world.service.db, { episodes: [2] });
  const [left, replaced] = series.episodes;
  const base = { media_type: 'series', media_id: series.media_id };
  const deleteLeft = await ask('delete', { ...base, episode_id: left?.episode_id });
  const protectLeft = await ask('protection', { ...base, episode_id: left?.episode_id });
  const deleteReplaced = await ask('delete', { ...base, episode_id: replaced?.episode_id });
  for (const [episode, replacement] of [
    [left, null],
    [replaced, 99_005],
  ] as const)
    await send('media.episode_file_removed', {
      series_id: series.media_id,
      episode_file_id: episode?.episode_file_id ?? 0,
      episode_ids: [episode?.episode_id ?? 0],
      cause: replacement ? 'replaced' : 'left_library',
      replaced_by_file_id: replacement,
    });
  expect(await statusOf('delete', deleteLeft)).toEqual(['closed', 'target_removed']);
  expect(await statusOf('protection', protectLeft)).toEqual(['pending', null]);
  expect(await statusOf('delete', deleteReplaced)).toEqual(['pending', null]);
});
