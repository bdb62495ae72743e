import { randomUUID } from 'node:crypto';
import { SecretBox } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { deleteCommand, finishedOperation } from '../support/operations';
import { useWorld } from '../support/world';

/**
 * After ENCRYPTION_KEYS changed, a file operation or a tag command routed to a service whose
 * stored API key no longer opens fails with `secrets_unreadable` and calls nothing: nothing is
 * deleted, moved or tagged.
 */
const world = useWorld({
  sim: { movies: 8, series: 1, seasonsPerSeries: 1, episodesPerSeason: 1 },
});
const otherKey = new SecretBox(['another-key-0123456789abcdef-0123']);
let radarrId: number;

beforeAll(async () => {
  radarrId = (await world.configure(['radarr'])).radarr as number;
  expect((await world.runTask('sync_media')).status).toBe('completed');
  await world.service.db.serviceConfig.update({
    where: { id: BigInt(radarrId) },
    data: { apiKeyEncrypted: otherKey.seal(world.sim.apiKeys.radarr) },
  });
});

async function radarrMovie() {
  const index = [...Array(8).keys()].find((i) => world.sim.library.movie(i).inRadarr) as number;
  return world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(index).tmdbId },
  });
}

test('a delete routed to Radarr fails with secrets_unreadable before any call; the movie stays', async () => {
  const movie = await radarrMovie();
  world.sim.deletions.clear();
  const command = deleteCommand({ media_id: Number(movie.id) });
  await world.broker.send('catalog.file_operation.execute', command);
  const row = await finishedOperation(world, command.operation_id);
  expect(row).toMatchObject({ status: 'failed', failureReason: 'secrets_unreadable' });
  expect(world.sim.deletions.writes()).toEqual([]);
  const [completed] = await world.outbox('media.file_operation_completed');
  expect(completed).toMatchObject({ outcome: 'failed', failure_reason: 'secrets_unreadable' });
  const still = await world.service.db.movie.findUniqueOrThrow({ where: { id: movie.id } });
  expect(still.removedAt).toBeNull();
});

test('tags for that Radarr fail with secrets_unreadable for each item; nothing is tagged', async () => {
  const movie = await radarrMovie();
  world.sim.deletions.clear();
  const messageId = randomUUID();
  await world.broker.send(
    'catalog.tags.apply',
    {
      run_id: 42,
      items: [{ media_type: 'movie', media_id: Number(movie.id), add: ['mcs-old'], remove: [] }],
    },
    messageId,
  );
  const applied = await waitFor(async () =>
    (await world.outbox('media.tags_applied')).find((a) => a.command_message_id === messageId),
  );
  expect(applied).toMatchObject({ items_applied: 0 });
  expect(applied.failures).toEqual([
    {
      media_type: 'movie',
      media_id: Number(movie.id),
      service_config_id: radarrId,
      reason: 'secrets_unreadable',
    },
  ]);
  expect(world.sim.deletions.writes()).toEqual([]);
});
