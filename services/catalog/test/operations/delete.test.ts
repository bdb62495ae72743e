import { randomUUID } from 'node:crypto';
import { waitFor } from '@mcs/kit/testing';
import { ADMIN } from '../support/api';
import { deleteCommand, finishedOperation } from '../support/operations';
import { useWorld } from '../support/world';

/** File operations (domain.md 6.3-6.7): executed once, verified, recorded. */
const world = useWorld({
  sim: { movies: 12, series: 2, seasonsPerSeries: 1, episodesPerSeason: 2 },
});

const finished = (operationId: number) => finishedOperation(world, operationId);

const movieFor = (index: number) =>
  world.service.db.movie.findFirstOrThrow({
    where: { tmdbId: world.sim.library.movie(index).tmdbId },
  });

beforeAll(async () => {
  await world.configure(['radarr', 'sonarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

test('a redelivered delete command performs exactly one delete at the simulator', async () => {
  const index = [...Array(12).keys()].find((i) => world.sim.library.movie(i).inRadarr) as number;
  const movie = await movieFor(index);
  const [version] = await world.service.db.movieVersion.findMany({ where: { movieId: movie.id } });
  world.sim.deletions.clear();
  const command = deleteCommand({ media_id: Number(movie.id) });
  const messageId = randomUUID();
  const mark = await world.outboxMark();
  await world.broker.send('catalog.file_operation.execute', command, messageId);
  await world.broker.send('catalog.file_operation.execute', command, messageId);
  const resent = randomUUID();
  await world.broker.send('catalog.file_operation.execute', command, resent);
  const row = await finished(command.operation_id);
  await waitFor(
    async () =>
      (await world.service.db.inboxMessage.count({
        where: { messageId: { in: [messageId, resent] } },
      })) === 2,
  );
  // Even a job run again for it changes nothing now.
  await world.service.services.executor.execute(command.operation_id);
  expect(row.status).toBe('succeeded');
  const deletes = world.sim.deletions.list('radarr');
  expect(deletes).toHaveLength(1);
  expect(deletes[0]).toMatchObject({
    method: 'DELETE',
    path: `/api/v3/movie/${world.sim.library.movie(index).radarrId}`,
  });
  expect(deletes[0]?.query).toMatchObject({ deleteFiles: 'true', addImportExclusion: 'true' });
  const completed = await world.outbox('media.file_operation_completed', mark);
  expect(completed).toHaveLength(1);
  expect(completed[0]).toMatchObject({
    operation_id: command.operation_id,
    candidate_id: command.candidate_id,
    outcome: 'succeeded',
    verified: true,
    failure_reason: null,
    route: { service_type: 'radarr', arr_action: 'delete', import_exclusion: true },
    files: [{ file_name: version?.fileName, size_bytes: Number(version?.sizeBytes) }],
    bytes_freed: Number(version?.sizeBytes),
  });
  expect(JSON.stringify(completed[0])).not.toContain('/media/');
  // The path stays in catalog, for the webhooks service alone (events-webhooks.md 3.3).
  const paths = `/api/file-operations/${command.operation_id}/paths`;
  const system = { principal: { type: 'system' } as const, signer: 'webhooks' };
  const forWebhooks = await world.api('GET', paths, system);
  expect(forWebhooks.status).toBe(200);
  expect(forWebhooks.body).toEqual({
    path: version?.path,
    local_path: null,
    destination_path: null,
  });
  expect((await world.api('GET', paths, { principal: ADMIN })).status).toBe(403);
  expect((await world.api('GET', paths, { ...system, signer: 'scheduler' })).status).toBe(403);
  const unknown = `/api/file-operations/${command.operation_id + 1000}/paths`;
  expect((await world.api('GET', unknown, system)).status).toBe(404);
  // The catalog recorded the removal itself, before the outcome event.
  const removedVersion = await world.service.db.movieVersion.findUniqueOrThrow({
    where: { id: version?.id },
  });
  expect(removedVersion).toMatchObject({ removalCause: 'deleted_by_service' });
  expect((await movieFor(index)).removedAt).not.toBeNull();
  expect(await world.outbox('media.version_removed', mark)).toEqual([
    {
      movie_id: Number(movie.id),
      version_id: Number(version?.id),
      cause: 'deleted_by_service',
      replaced_by_version_id: null,
    },
  ]);
  const rows = await world.service.db.outboxMessage.findMany({
    where: { id: { gt: mark } },
    orderBy: { id: 'asc' },
  });
  expect(rows.map((r) => r.routingKey)).toEqual([
    'media.version_removed',
    'media.removed',
    'media.file_operation_completed',
  ]);
});

test('a version the server alone holds, beside a Radarr version, is deleted through its own media source', async () => {
  const index = [...Array(12).keys()].find(
    (i) => world.sim.library.movie(i).inRadarr && world.sim.library.movie(i).onServer && i > 2,
  ) as number;
  world.sim.mutate.addMovieFile(index);
  await world.runTask('sync_media');
  const movie = await movieFor(index);
  const versions = await world.service.db.movieVersion.findMany({
    where: { movieId: movie.id, removedAt: null },
    orderBy: { id: 'asc' },
  });
  expect(versions).toHaveLength(2);
  const second = versions[1];
  world.sim.deletions.clear();
  const command = deleteCommand({
    scope: 'version',
    media_id: Number(movie.id),
    movie_version_id: Number(second?.id),
  });
  await world.broker.send('catalog.file_operation.execute', command);
  const row = await finished(command.operation_id);
  expect(row).toMatchObject({ status: 'succeeded' });
  expect(world.sim.deletions.list('radarr')).toEqual([]);
  expect(world.sim.deletions.list('jellyfin')).toHaveLength(1);
  expect(world.sim.library.movie(index).paths).toHaveLength(1);
  expect((await movieFor(index)).removedAt).toBeNull();
});

test('no route and unknown targets fail closed without any external call', async () => {
  world.sim.deletions.clear();
  const movie = await movieFor(6);
  const noRoute = deleteCommand(
    { media_id: Number(movie.id) },
    { arr_action: 'unmonitor_only', allowed_arr_service_ids: [999] },
  );
  const gone = deleteCommand({ media_id: 987654 });
  await world.broker.send('catalog.file_operation.execute', noRoute);
  await world.broker.send('catalog.file_operation.execute', gone);
  expect(await finished(noRoute.operation_id)).toMatchObject({
    status: 'failed',
    failureReason: 'no_route',
  });
  expect(await finished(gone.operation_id)).toMatchObject({
    status: 'canceled',
    failureReason: 'target_removed',
  });
  expect(world.sim.deletions.writes()).toEqual([]);
});
