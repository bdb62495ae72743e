import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { conditionsRule } from '../services/cleanup/test/support/rules';
import { useCatalogAndCleanup } from './support/catalog-cleanup';

/**
 * Domain acceptance check 32 end to end: with two matched rules whose Arr actions are delete
 * and unmonitor, the executed action is unmonitor; with one of them moving instead of deleting,
 * the file ends up under the movie move destination (general settings, followed by cleanup and
 * catalog alike) and cleanup emits candidate.moved.
 */
const world = useCatalogAndCleanup({
  movies: 8,
  series: 1,
  seasonsPerSeries: 1,
  episodesPerSeason: 1,
});
const root = mkdtempSync(join(tmpdir(), 'mcs-e2e-move-'));
const archive = join(root, 'archive', 'movies');
afterAll(() => rm(root, { recursive: true, force: true }));

test('DC#32: unmonitor wins over delete, and a moving rule puts the file under the destination', async () => {
  const { catalog, cleanup } = world;
  const index = [...Array(8).keys()].find(
    (i) => catalog.sim.library.movie(i).inRadarr && catalog.sim.library.movie(i).onServer,
  ) as number;
  const { title, tmdbId } = catalog.sim.library.movie(index);
  const movie = await catalog.service.db.movie.findFirstOrThrow({ where: { tmdbId } });
  const [version] = await catalog.service.db.movieVersion.findMany({
    where: { movieId: movie.id, removedAt: null },
  });
  const source = join(root, version!.path);
  mkdirSync(dirname(source), { recursive: true });
  writeFileSync(source, 'the film');

  // The administrator's settings reach both followers (one settings.changed on the bus).
  await catalog.changeSettings({
    path_mappings: [
      { service_config_id: null, remote_prefix: '/media', local_prefix: join(root, 'media') },
    ],
    move_destination_movies: archive,
    // One movie of a small library is a large share: the breaker would hold it (check 28).
    auto_delete_breaker_max_share: 1,
  });
  await waitFor(
    async () =>
      (
        await cleanup.db.$queryRaw<{ set: boolean }[]>`
          SELECT settings->>'move_destination_movies' IS NOT NULL AS set FROM settings_projection`
      )[0]?.set,
    { what: 'cleanup to follow the move destination' },
  );
  await waitFor(
    async () =>
      (await cleanup.db.mediaItem.findFirst({ where: { tmdbId: BigInt(tmdbId) } })) ?? undefined,
  );
  await waitFor(async () => (await cleanup.services.sourceStatus.availability()).catalog);
  const condition = [{ field: 'media.title', operator: 'equals', value: title }];
  const action = { auto_delete_enabled: true, auto_delete_delay_days: 0 };
  for (const [name, extra] of [
    ['Move it', { arr_action: 'delete', move_instead_of_delete: true }],
    ['Unmonitor it', { arr_action: 'unmonitor' }],
  ] as const) {
    const rule = await world.admin(
      'POST',
      '/api/rules',
      conditionsRule(name, condition, { action: { ...action, ...extra } }),
    );
    expect(rule.status).toBe(201);
  }
  const progress = () => Promise.resolve();
  expect((await cleanup.services.scan.run({ runId: 1, progress })).summary).toMatchObject({
    created: 1,
  });
  const [candidate] = await cleanup.db.candidate.findMany();
  catalog.sim.deletions.clear();

  const run = await cleanup.services.autoDelete.run({ runId: 1, progress });
  expect(run.summary).toMatchObject({ queued: 1, queued_by_kind: { move: 1 } });
  const operation = await waitFor(
    async () => {
      const [row] = await cleanup.db.fileOperation.findMany();
      return row?.status === 'succeeded' || row?.status === 'failed' ? row : undefined;
    },
    { timeoutMs: 30_000, what: 'the move to finish' },
  );
  expect([operation.status, operation.failureReason]).toEqual(['succeeded', null]);

  const destination = join(archive, ...version!.path.split('/').slice(-2));
  expect(readFileSync(destination, 'utf8')).toBe('the film');
  expect(existsSync(source)).toBe(false);
  // unmonitor, not delete: Radarr keeps the movie, unmonitored; no entry is removed.
  expect(catalog.sim.deletions.list('radarr')).toEqual([]);
  expect(catalog.sim.library.movie(index).inRadarr).toBe(true);
  const writes = catalog.sim.deletions.writes('radarr');
  expect(
    writes.map((w) => [w.method, (w.body as { monitored?: boolean })?.monitored]),
  ).toContainEqual(['PUT', false]);
  const events = await cleanup.db.$queryRaw<{ payload: MessagePayload<'candidate.moved'> }[]>`
    SELECT payload FROM outbox WHERE routing_key = 'candidate.moved'`;
  expect(events.map((e) => e.payload)).toMatchObject([
    { candidate_id: Number(candidate?.id), media_type: 'movie', actor: { type: 'system' } },
  ]);
  expect(JSON.stringify(events)).not.toContain(root);
});
