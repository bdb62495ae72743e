import { randomUUID } from 'node:crypto';
import { waitFor } from '@mcs/kit/testing';
import { useWorld } from '../support/world';

/** catalog.tags.apply → media.tags_applied (tag_cleanup_candidates, domain.md 9). */
const world = useWorld({
  sim: { movies: 8, series: 1, seasonsPerSeries: 1, episodesPerSeason: 1 },
});

beforeAll(async () => {
  await world.configure(['radarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

test('tags are created where missing and added to every linked Radarr entry; unlinked items fail', async () => {
  const index = [...Array(8).keys()].find((i) => world.sim.library.movie(i).inRadarr) as number;
  const movie = await world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(index).tmdbId },
  });
  const series = await world.service.db.series.findFirstOrThrow();
  const messageId = randomUUID();
  world.sim.deletions.clear();
  await world.broker.send(
    'catalog.tags.apply',
    {
      run_id: 41,
      items: [
        {
          media_type: 'movie',
          media_id: Number(movie.id),
          add: ['mcs-old-movies'],
          remove: ['mcs-gone'],
        },
        { media_type: 'series', media_id: Number(series.id), add: ['mcs-old-movies'], remove: [] },
      ],
    },
    messageId,
  );
  const [applied] = await waitFor(async () => {
    const found = await world.outbox('media.tags_applied');
    return found.length > 0 ? found : undefined;
  });
  expect(applied).toMatchObject({ run_id: 41, command_message_id: messageId, items_applied: 1 });
  expect(applied?.failures).toEqual([
    {
      media_type: 'series',
      media_id: Number(series.id),
      service_config_id: null,
      reason: 'not_linked',
    },
  ]);
  const writes = world.sim.deletions.writes('radarr');
  expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
    'POST /api/v3/tag',
    'PUT /api/v3/movie/editor',
  ]);
  expect(writes[1]?.body).toMatchObject({
    movieIds: [world.sim.library.movie(index).radarrId],
    applyTags: 'add',
  });
  // The next sync sees the tag on the movie.
  await world.runTask('sync_media');
  const tagged = await world.service.db.movie.findUniqueOrThrow({ where: { id: movie.id } });
  expect(tagged.arrTags).toContain('mcs-old-movies');
});
