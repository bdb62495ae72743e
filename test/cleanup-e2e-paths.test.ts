import { callSigned, waitFor } from '@mcs/kit/testing';
import { conditionsRule } from '../services/cleanup/test/support/rules';
import { useCatalogAndCleanup } from './support/catalog-cleanup';

/**
 * `media.path` rules end to end (domain.md 3.4 #3, docs/decisions/013): catalog syncs the
 * library simulator and sends each file's path in its internal media facts, cleanup's projection
 * keeps it, and a scan matches rule prefixes and patterns against it: a version's own file, a
 * series' folder. The path stays internal (1.12): no candidate reason, stored criterion,
 * lifecycle event or candidate list shows it.
 */
const world = useCatalogAndCleanup({
  movies: 6,
  series: 3,
  seasonsPerSeries: 2,
  episodesPerSeason: 2,
});
const progress = () => Promise.resolve();

test('a prefix picks the versions under one folder and a pattern the series folders; no path leaves', async () => {
  const movies = [...Array(6).keys()]
    .map((i) => world.catalog.sim.library.movie(i))
    .filter((movie) => movie.onServer);
  const picked = movies.find((movie) => movie.paths.length > 0);
  if (!picked) throw new Error('a movie on the server expected');
  const folder = (picked.paths[0] as string).split('/').slice(0, -1).join('/');
  const liveSeries = [...Array(3).keys()].filter(
    (i) => world.catalog.sim.library.series(i).onServer,
  );
  await waitFor(
    async () =>
      (await world.cleanup.db.mediaItem.count({ where: { removedAt: null } })) ===
        movies.length + liveSeries.length || undefined,
    { what: "catalog's facts in cleanup" },
  );
  await waitFor(async () => (await world.cleanup.services.sourceStatus.availability()).catalog, {
    what: "catalog's source status",
  });

  // The folder with a trailing separator: prefixes match on whole segments after normalising.
  const byPrefix = await world.admin<{ id: number }>(
    'POST',
    '/api/rules',
    conditionsRule(
      'Under one folder',
      [{ field: 'media.path', operator: 'starts_with_any', value: [`${folder}/`] }],
      { action: { auto_delete_enabled: true } },
    ),
  );
  expect(byPrefix.status).toBe(201);
  // A series' path is its folder, directly under the library root; a file's path is deeper.
  const byPattern = await world.admin<{ id: number }>('POST', '/api/rules', {
    ...conditionsRule('Series folders', [
      { field: 'media.path', operator: 'matches_regex', value: '^/media/tv/[^/]+$' },
    ]),
    media_type: 'series',
    target_scope: 'series',
    action: { auto_delete_enabled: true },
  });
  expect(byPattern.status).toBe(201);

  expect((await world.cleanup.services.scan.run({ runId: 1, progress })).summary).toMatchObject({
    created: picked.paths.length + liveSeries.length,
    unknown: 0,
  });
  const candidates = await world.cleanup.db.candidate.findMany({ orderBy: { id: 'asc' } });
  const movieIds = new Set(
    candidates.filter((c) => c.mediaType === 'movie').map((c) => Number(c.mediaId)),
  );
  const [item] = await world.cleanup.db.mediaItem.findMany({
    where: { tmdbId: BigInt(picked.tmdbId) },
  });
  expect([...movieIds]).toEqual([Number(item?.mediaId)]);
  expect(candidates.filter((c) => c.mediaType === 'series')).toHaveLength(liveSeries.length);

  // Announced (auto-delete is on), internal only: the reason names the match; the stored criteria keep the rule's own prefix
  // or pattern (an admin's rule definition) but not the path; events carry none.
  for (const candidate of candidates) {
    expect(candidate.reason).toContain('path matches rule prefix');
    expect(candidate.reason).not.toContain('/media/');
    const criteria = Object.values(candidate.matchedCriteria as Record<string, unknown[]>).flat();
    expect(criteria).toEqual([expect.objectContaining({ field: 'media.path', actual: null })]);
  }
  const events = await world.cleanup.db.$queryRaw<{ payload: unknown }[]>`
    SELECT payload FROM outbox WHERE routing_key LIKE 'candidate.%'`;
  expect(events).toHaveLength(candidates.length);
  for (const event of events) expect(JSON.stringify(event.payload)).not.toContain('/media/');
  // The Candidates page (CandidateView): administrators see the rules' own prefix and pattern
  // in matched_criteria (1.12 allows them rule definitions with path prefixes), never a file's
  // path; anyone else sees no path at all (internal-api.md check 36).
  const url = '/api/media/candidates?per_page=200';
  const page = await world.admin<unknown>('GET', url);
  expect(page.status).toBe(200);
  for (const path of picked.paths) expect(JSON.stringify(page.body)).not.toContain(path);
  const asUser = await callSigned('cleanup', world.cleanup.url, 'GET', url, {
    principal: { type: 'user', id: 2, role: 'user' },
  });
  expect(asUser.status).toBe(200);
  expect(JSON.stringify(asUser.body)).not.toContain('/media/');
});
