import type { MessagePayload } from '@mcs/contracts';
import { seriesFacts } from '../../src/facts/series-facts.repository';
import { useWorld } from '../support/world';

/**
 * media.series_parts_upserted: an incremental sync publishes only what changed inside a series
 * catalog already published in full; new or root-changed series and full syncs go in full.
 */
const world = useWorld({
  sim: { movies: 4, series: 3, seasonsPerSeries: 2, episodesPerSeason: 3 },
});

type SeriesFacts = Extract<
  MessagePayload<'media.items_upserted'>['items'][number],
  { media_type: 'series' }
>;

/** Simulator episode indices of a series that have a file (series i holds 6 episodes). */
const episodesWithFile = (seriesIndex: number) =>
  Array.from({ length: 6 }, (_, i) => seriesIndex * 6 + i).filter(
    (index) => world.sim.library.episodePath(index) !== null,
  );

const seriesRow = (seriesIndex: number) =>
  world.service.db.series.findFirstOrThrow({
    where: { tmdbId: world.sim.library.series(seriesIndex).tmdbId },
  });

/** The facts messages written since `mark`, by series id. */
async function factsSince(mark: bigint) {
  const full = (await world.outbox('media.items_upserted', mark))
    .flatMap((m) => m.items)
    .filter((item): item is SeriesFacts => item.media_type === 'series');
  const parts = (await world.outbox('media.series_parts_upserted', mark)).flatMap((m) => m.items);
  return {
    full: (id: bigint) => full.filter((item) => item.media_id === Number(id)),
    parts: (id: bigint) => parts.filter((item) => item.media_id === Number(id)),
    allParts: parts,
  };
}

/** The episode the simulator's episode `index` became, with its file. */
async function episodeOf(seriesId: bigint, index: number) {
  const within = index % 6;
  return world.service.db.episode.findFirstOrThrow({
    where: {
      seriesId,
      seasonNumber: Math.floor(within / 3) + 1,
      episodeNumber: (within % 3) + 1,
    },
  });
}

const withoutChildren = ({ seasons: _s, episodes: _e, episode_files: _f, ...root }: SeriesFacts) =>
  root;

beforeAll(async () => {
  await world.configure(['radarr', 'sonarr']);
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

test('a full sync publishes every series in full and no parts', async () => {
  const full = await factsSince(0n);
  expect(full.allParts).toEqual([]);
  const series = await seriesRow(0);
  expect(full.full(series.id)).toHaveLength(1);
});

test('a replaced episode file: parts with that episode, its new file and its season only', async () => {
  const series = await seriesRow(0);
  const [index] = episodesWithFile(0);
  const mark = await world.outboxMark();
  world.sim.mutate.replaceEpisodeFile(index as number);
  const run = await world.runTask('sync_media', 'schedule');
  expect(run.summary).toMatchObject({ kind: 'incremental', replaced: 1 });
  const facts = await factsSince(mark);
  expect(facts.full(series.id)).toEqual([]);
  const [item, ...more] = facts.parts(series.id);
  expect(more).toEqual([]);
  const episode = await episodeOf(series.id, index as number);
  expect(item?.episodes.map((e) => e.episode_id)).toEqual([Number(episode.id)]);
  expect(item?.episode_files.map((f) => f.episode_file_id)).toEqual([
    Number(episode.episodeFileId),
  ]);
  expect(item?.seasons.map((s) => s.season_id)).toEqual([Number(episode.seasonId)]);
  // The same facts the full document holds, as of the series' as_of.
  const [current] = await seriesFacts(world.service.db, [Number(series.id)]);
  if (!current || !item) throw new Error('no facts');
  expect(item.series).toEqual(withoutChildren(current));
  expect(item.as_of).toBe(current.as_of);
  expect(item.episodes).toEqual(
    current.episodes.filter((e) => e.episode_id === Number(episode.id)),
  );
  expect(item.episode_files).toEqual(
    current.episode_files.filter((f) => f.episode_file_id === Number(episode.episodeFileId)),
  );
  // The replaced file's removal is written before the parts that hold its replacement.
  const rows = await world.service.db.outboxMessage.findMany({
    where: {
      id: { gt: mark },
      routingKey: { in: ['media.episode_file_removed', 'media.series_parts_upserted'] },
    },
    orderBy: { id: 'asc' },
  });
  expect(rows.map((r) => r.routingKey)).toEqual([
    'media.episode_file_removed',
    'media.series_parts_upserted',
  ]);
});

test('a renamed episode file: parts with the file alone (same id), other series untouched', async () => {
  const series = await seriesRow(1);
  const [index] = episodesWithFile(1);
  const before = await episodeOf(series.id, index as number);
  const mark = await world.outboxMark();
  world.sim.mutate.renameEpisodeFile(index as number);
  const run = await world.runTask('sync_media', 'schedule');
  expect(run.summary).toMatchObject({ kind: 'incremental', renamed: 1, replaced: 0 });
  const facts = await factsSince(mark);
  expect(facts.full(series.id)).toEqual([]);
  expect(facts.allParts.map((p) => p.media_id)).toEqual([Number(series.id)]);
  const [item] = facts.parts(series.id);
  expect(item).toMatchObject({ seasons: [], episodes: [] });
  expect(item?.episode_files).toEqual([
    expect.objectContaining({
      episode_file_id: Number(before.episodeFileId),
      episode_ids: [Number(before.id)],
    }),
  ]);
  expect(item?.episode_files[0]?.file_name).toMatch(/renamed/);
});

test('a series whose own facts the run changes goes in full, with every episode', async () => {
  const sonarrSeries = [0, 1, 2].find((i) => world.sim.library.series(i).inSonarr) as number;
  const series = await seriesRow(sonarrSeries);
  // Its Arr facts drifted: the link step writes them back, which changes the series itself.
  await world.service.db.series.update({
    where: { id: series.id },
    data: { arrTags: ['stale-tag'] },
  });
  const [index] = episodesWithFile(sonarrSeries).slice(-1);
  const mark = await world.outboxMark();
  world.sim.mutate.replaceEpisodeFile(index as number);
  const run = await world.runTask('sync_media', 'schedule');
  expect(run.summary).toMatchObject({ kind: 'incremental', replaced: 1 });
  const facts = await factsSince(mark);
  expect(facts.parts(series.id)).toEqual([]);
  const [full] = facts.full(series.id);
  expect(full?.arr_tags).not.toContain('stale-tag');
  expect(full?.episodes).toHaveLength(
    await world.service.db.episode.count({ where: { seriesId: series.id } }),
  );
});

test('an incremental sync that changes nothing publishes neither facts nor parts', async () => {
  const mark = await world.outboxMark();
  const run = await world.runTask('sync_media', 'schedule');
  expect(run.summary).toMatchObject({ kind: 'incremental', added: 0, updated: 0 });
  const facts = await factsSince(mark);
  expect(facts.allParts).toEqual([]);
  expect(await world.outbox('media.items_upserted', mark)).toEqual([]);
});
