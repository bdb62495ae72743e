import { newMovie, newSeries } from '../support/factories';
import { useNotifications } from '../support/notifications';
import { conditionsRule, ruleCalls } from '../support/rules';
import { patchFacts, runScan, setSources } from '../support/scan';
import { useWorld } from '../support/world';

/**
 * A scan's `new_cleanup_candidates` (domain.md 4.1 step 7, docs/decisions/026): one digest per
 * run that created candidates, never one per candidate, and nothing from a run that created
 * none.
 */
const world = useWorld();
const notifications = useNotifications(world);

const oldOnes = (mediaType: 'movie' | 'series') => ({
  ...conditionsRule(`Old ${mediaType}`, [
    { field: 'media.year', operator: 'less_than', value: 1990 },
  ]),
  media_type: mediaType,
  target_scope: mediaType === 'movie' ? 'movie_version' : 'series',
});

beforeEach(() => setSources(world, { catalog: 'ok', arr: 'ok' }));

test('a scan creating three candidates sends one digest; the next, creating none, sends nothing', async () => {
  const { db } = world.service;
  for (const mediaType of ['movie', 'series'] as const)
    expect((await ruleCalls(world).create(oldOnes(mediaType))).status).toBe(201);
  for (const year of [1970, 1980, 2020]) {
    const movie = await newMovie(db, { title: `Film ${year}` });
    await patchFacts(db, 'movie', movie.media_id, { year });
  }
  const series = await newSeries(db, { episodes: [2] });
  await patchFacts(db, 'series', series.media_id, { year: 1985 });

  expect(await runScan(world, 501)).toMatchObject({ created: 3 });
  const [bytes] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT sum(estimated_space_bytes)::bigint AS n FROM candidates`;
  // Two 20 GB films and a series of two 1 GB episode files, as the factories make them.
  expect(Number(bytes?.n)).toBe(42_000_000_000);
  const [digest, ...more] = await notifications.take();
  expect(more).toEqual([]);
  expect(digest).toEqual({
    event: 'new_cleanup_candidates',
    subject: 'scan/501',
    severity: 'info',
    title: '3 new cleanup candidates to review',
    message:
      'The cleanup scan found 3 new candidates. 3 candidates now wait for review, 39.1 GiB reclaimable.',
    facts: [
      { label: 'New candidates', value: '3' },
      { label: 'Movies', value: '2' },
      { label: 'Series', value: '1' },
      { label: 'Total candidates', value: '3' },
      { label: 'Reclaimable', value: '39.1 GiB' },
    ],
    ui_page: '/candidates',
    occurred_at: expect.any(String) as unknown,
  });

  // Everything still matches: candidates are refreshed, none is new.
  expect(await runScan(world, 502)).toMatchObject({ created: 0, updated: 3 });
  expect(await notifications.take()).toEqual([]);

  // One more match later: a digest of that one, with the total now.
  const late = await newMovie(db, { title: 'Late' });
  await patchFacts(db, 'movie', late.media_id, { year: 1960 });
  expect(await runScan(world, 503)).toMatchObject({ created: 1 });
  expect(await notifications.take()).toEqual([
    expect.objectContaining({
      subject: 'scan/503',
      title: '1 new cleanup candidate to review',
      facts: expect.arrayContaining([
        { label: 'New candidates', value: '1' },
        { label: 'Movies', value: '1' },
        { label: 'Series', value: '0' },
        { label: 'Total candidates', value: '4' },
      ]) as unknown,
    }),
  ]);
});
