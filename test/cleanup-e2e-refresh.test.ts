import { waitFor } from '@mcs/kit/testing';
import { clientsFor } from '../services/catalog/test/simulator/clients';
import { conditionsRule } from '../services/cleanup/test/support/rules';
import { useCatalogAndCleanup } from './support/catalog-cleanup';

/**
 * domain.md 4.1 step 2: a scheduled scan first has catalog re-read the sources its rules read,
 * so a change made in Radarr since the last sync decides this scan, not the next one.
 */
const world = useCatalogAndCleanup({
  movies: 8,
  series: 1,
  seasonsPerSeries: 1,
  episodesPerSeason: 2,
});

test('a scheduled scan sees a movie unmonitored in Radarr since the last sync', async () => {
  const rule = await world.admin(
    'POST',
    '/api/rules',
    conditionsRule('Unmonitored', [{ field: 'arr.monitored', operator: 'is_false' }]),
  );
  expect(rule.status).toBe(201);
  const index = [...Array(8).keys()].find((i) => world.catalog.sim.library.movie(i).inRadarr);
  if (index === undefined) throw new Error('the simulator holds no Radarr movie');
  const clients = clientsFor(world.catalog.sim);
  await clients.radarr.unmonitor([index + 1]);
  clients.close();

  // The projection alone still has the movie monitored: a scan without the refresh sees nothing.
  const progress = () => Promise.resolve();
  expect((await world.cleanup.services.scan.run({ runId: 1, progress })).summary.created).toBe(0);

  const runId = 4242;
  await world.cleanup.runtime.publisher.publish('task.run.scan_cleanup_candidates', {
    run_id: runId,
    task_id: 'scan_cleanup_candidates',
    trigger: 'manual',
    requested_by: null,
  });
  const run = await waitFor(
    async () => {
      const [row] = await world.cleanup.db.$queryRaw<{ status: string }[]>`
        SELECT status FROM task_runs WHERE run_id = ${runId}`;
      return row && row.status !== 'queued' && row.status !== 'running' ? row : undefined;
    },
    { timeoutMs: 60_000, what: 'the scheduled scan to end' },
  );
  expect(run.status).toBe('completed');
  const { tmdbId } = world.catalog.sim.library.movie(index);
  const movie = await world.cleanup.db.mediaItem.findFirstOrThrow({
    where: { tmdbId: BigInt(tmdbId) },
  });
  const candidates = await world.cleanup.db.candidate.findMany();
  expect(candidates.map((c) => c.mediaId)).toEqual([movie.mediaId]);
});
