import type { MessagePayload } from '@mcs/contracts';
import { waitFor } from '@mcs/kit/testing';
import { conditionsRule } from '../services/cleanup/test/support/rules';
import { useCatalogAndCleanup } from './support/catalog-cleanup';

/**
 * Issue 13 acceptance, end to end: catalog syncs the library simulator, cleanup's projection
 * follows, a rule picks one movie, the scan makes it a candidate, the automatic deletion run
 * asks catalog to delete it, the simulator sees exactly one delete, and cleanup records one
 * candidate.deleted and one receipt.
 */
const world = useCatalogAndCleanup({
  movies: 12,
  series: 2,
  seasonsPerSeries: 2,
  episodesPerSeason: 10,
});

test('an automatic deletion reaches the simulator exactly once and leaves one event and one receipt', async () => {
  const index = [...Array(12).keys()].find(
    (i) =>
      world.catalog.sim.library.movie(i).inRadarr && world.catalog.sim.library.movie(i).onServer,
  ) as number;
  const { title, tmdbId } = world.catalog.sim.library.movie(index);
  const projected = await waitFor(
    async () =>
      (await world.cleanup.db.mediaItem.findFirst({ where: { tmdbId: BigInt(tmdbId) } })) ??
      undefined,
    { what: 'the movie in cleanup' },
  );
  await waitFor(async () => (await world.cleanup.services.sourceStatus.availability()).catalog, {
    what: "catalog's source status",
  });
  const rule = await world.admin<{ id: number }>(
    'POST',
    '/api/rules',
    conditionsRule('This one', [{ field: 'media.title', operator: 'equals', value: title }], {
      action: { auto_delete_enabled: true, auto_delete_delay_days: 0 },
    }),
  );
  expect(rule.status).toBe(201);
  const progress = () => Promise.resolve();
  expect((await world.cleanup.services.scan.run({ runId: 1, progress })).summary).toMatchObject({
    created: 1,
  });
  const [candidate] = await world.cleanup.db.candidate.findMany();
  world.catalog.sim.deletions.clear();

  const run = await world.cleanup.services.autoDelete.run({ runId: 1, progress });
  expect(run.summary).toMatchObject({ eligible: 1, queued: 1, queued_by_kind: { delete: 1 } });
  const operation = await waitFor(
    async () => {
      const [row] = await world.cleanup.db.fileOperation.findMany();
      return row?.status === 'succeeded' || row?.status === 'failed' ? row : undefined;
    },
    { timeoutMs: 30_000, what: 'the operation to finish' },
  );
  expect(operation.status).toBe('succeeded');
  expect(await world.cleanup.db.candidate.count()).toBe(0);
  expect(world.catalog.sim.deletions.list('radarr')).toHaveLength(1);
  const events = await world.cleanup.db.$queryRaw<
    { payload: MessagePayload<'candidate.deleted'> }[]
  >`
    SELECT payload FROM outbox WHERE routing_key = 'candidate.deleted'`;
  expect(events.map((e) => e.payload)).toMatchObject([
    { candidate_id: Number(candidate?.id), media_type: 'movie', actor: { type: 'system' } },
  ]);
  const receipts = await world.cleanup.db.$queryRaw<{ title: string; bytes_freed: bigint }[]>`
    SELECT title, bytes_freed FROM deletion_receipts`;
  expect(receipts.map((r) => r.title)).toEqual([projected.title]);
  expect(Number(receipts[0]?.bytes_freed)).toBeGreaterThan(0);

  // The next run finds nothing to do, and the next scan nothing to schedule.
  expect((await world.cleanup.services.autoDelete.run({ runId: 2, progress })).summary.queued).toBe(
    0,
  );
  await waitFor(
    async () =>
      (await world.cleanup.db.mediaItem.findFirst({ where: { tmdbId: BigInt(tmdbId) } }))
        ?.removedAt !== null,
    { what: "catalog's removal to reach cleanup" },
  );
  expect((await world.cleanup.services.scan.run({ runId: 2, progress })).summary).toMatchObject({
    created: 0,
  });
  expect(world.catalog.sim.deletions.list('radarr')).toHaveLength(1);
});
