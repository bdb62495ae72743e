import { randomUUID } from 'node:crypto';
import type { MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { useWorld } from '../support/world';

/**
 * catalog.inputs.refresh → media.inputs_refreshed (domain.md 6.1 step 3): the sources' states
 * and what the media server is playing right now, read live from the library simulator.
 */
const world = useWorld({
  sim: { movies: 4, series: 1, seasonsPerSeries: 1, episodesPerSeason: 2 },
});

beforeAll(async () => {
  await world.configure(['radarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});
afterEach(() => {
  world.sim.sessions.length = 0;
  world.sim.faults.reset();
});

async function refresh(sources: MessagePayload<'catalog.inputs.refresh'>['sources']) {
  const messageId = randomUUID();
  await world.broker.send('catalog.inputs.refresh', { run_id: 9, sources }, messageId);
  const answer = await waitFor(async () => {
    const found = await world.outbox('media.inputs_refreshed');
    return found.find((a) => a.command_message_id === messageId);
  });
  return answer;
}

test('the items playing now on the main server come back as movies and episodes of the catalog', async () => {
  const movie = await world.service.db.movie.findFirstOrThrow({
    where: { serverItemId: { not: null } },
  });
  const episode = await world.service.db.episode.findFirstOrThrow({
    where: { serverItemId: { not: null } },
  });
  world.sim.sessions.push(movie.serverItemId ?? '', episode.serverItemId ?? '', 'some-song');
  const answer = await refresh(['arr', 'now_playing']);
  expect(answer).toMatchObject({ run_id: 9 });
  expect(new Set(answer.sources.map((s) => s.source))).toEqual(new Set(['arr']));
  expect(answer.now_playing).toEqual([
    expect.objectContaining({ media_type: 'movie', media_id: Number(movie.id), episode_id: null }),
    expect.objectContaining({
      media_type: 'series',
      media_id: Number(episode.seriesId),
      episode_id: Number(episode.id),
    }),
  ]);
});

test('nothing playing is an empty list; a server that cannot answer makes it unknown (null)', async () => {
  expect((await refresh(['now_playing'])).now_playing).toEqual([]);
  world.sim.faults.set({ nextErrors: 10, errorStatus: 503 }, ['jellyfin']);
  expect((await refresh(['now_playing'])).now_playing).toBeNull();
  // Not asked: not read.
  expect((await refresh(['seerr'])).now_playing).toBeNull();
});
