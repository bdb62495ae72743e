import { newMovie, newSeries } from './factories';
import { conditionsRule, ruleCalls } from './rules';
import { patchFacts, setSources } from './scan';
import type { World } from './world';

/** An auto-deleting rule with no delay: every movie before 1990 is eligible at once. */
export const oldFilms = (world: World) =>
  ruleCalls(world).create(
    conditionsRule('Old films', [{ field: 'media.year', operator: 'less_than', value: 1990 }], {
      action: { auto_delete_enabled: true, auto_delete_delay_days: 0 },
    }),
  );

export async function movieOf(world: World, year: number) {
  const movie = await newMovie(world.service.db);
  await patchFacts(world.service.db, 'movie', movie.media_id, { year });
  return movie;
}

/** A series of `files` episode files that no movie rule touches: the breaker's denominator. */
export const library = (world: World, files: number) =>
  newSeries(world.service.db, { episodes: [files] });

/** One delete_cleanup_candidates run, as the task runner starts it. */
export const runDeletion = (world: World, runId = 77) =>
  world.service.services.autoDelete.run({ runId, progress: () => Promise.resolve() });

/** Every test of a deletion run starts with catalog reachable and ends with empty tables. */
export function useDeletionTables(world: World): void {
  beforeEach(() => setSources(world, { catalog: 'ok' }));
  afterEach(async () => {
    await world.drained();
    await world.service.db.$executeRaw`TRUNCATE rules, candidates, protections, media_items,
      movie_versions, seasons, episodes, episode_files, deletion_receipts, file_operations,
      alerts, alert_confirmations, outbox`;
  });
}
