import { pgDatabase } from '@mcs/kit';
import { buildTargets } from '../../src/domain/rules/target-facts';
import { detachEpisodeFile } from '../../src/projection/media-presence.repository';
import { loadRoots, rootPages } from '../../src/projection/target-facts.repository';
import type { MediaType } from '../../src/domain/target';
import {
  episodeTarget,
  newMovie,
  newSeries,
  seasonTarget,
  seriesTarget,
  versionTarget,
} from '../support/factories';
import {
  deliver,
  jellyfinUser,
  nextAsOf,
  played,
  request,
  requestsOf,
  watchItem,
} from '../support/inputs';
import { useWorld } from '../support/world';

/** The projection streamed by root for scans and previews (domain.md 4.1, 4.5). */
const world = useWorld();
const NOW = new Date('2026-06-01T00:00:00.000Z');

/** The service's bulk reader: plain pg over its pool (decision 017). */
const direct = () => pgDatabase(world.service.runtime.pool);

async function allPages(mediaType: MediaType, limit: number) {
  const pages = [];
  for await (const page of rootPages(direct(), mediaType, limit)) pages.push(page);
  return pages;
}

async function loadRoot(mediaType: MediaType, mediaId: number) {
  const [root] = await loadRoots(direct(), mediaType, [mediaId]);
  if (!root) throw new Error(`${mediaType} ${mediaId} was not loaded`);
  return root;
}

test('a movie with two versions loads as two version targets with their facts', async () => {
  const movie = await newMovie(world.service.db, { title: 'Two Cuts', versions: 2 });
  const root = await loadRoot('movie', movie.media_id);

  const targets = buildTargets(root, 'movie_version', NOW);
  expect(targets.map((t) => t.target)).toEqual([versionTarget(movie, 0), versionTarget(movie, 1)]);
  for (const target of targets)
    expect(target.facts).toMatchObject({
      'media.title': 'Two Cuts',
      'media.year': 1999,
      'media.size_bytes': 20_000_000_000,
      'video.resolution': '1080p',
      'video.codec': 'hevc',
      'movie.version_count': 2,
      'library.id': [],
    });
});

test('a series with two seasons loads its series, season and episode targets', async () => {
  const series = await newSeries(world.service.db, { title: 'Two Seasons', episodes: [2, 1] });
  const root = await loadRoot('series', series.media_id);

  const [whole] = buildTargets(root, 'series', NOW);
  expect(whole?.target).toEqual(seriesTarget(series));
  expect(whole?.facts['media.size_bytes']).toBe(3_000_000_000);

  const seasons = buildTargets(root, 'season', NOW);
  expect(seasons.map((s) => s.target)).toEqual([seasonTarget(series, 0), seasonTarget(series, 1)]);
  expect(seasons.map((s) => s.facts['media.size_bytes'])).toEqual([2_000_000_000, 1_000_000_000]);
  expect(seasons.map((s) => s.facts['season.number'])).toEqual([1, 2]);

  const episodes = buildTargets(root, 'episode', NOW);
  expect(episodes.map((e) => e.target)).toEqual([0, 1, 2].map((i) => episodeTarget(series, i)));
  expect(episodes.map((e) => e.facts['media.size_bytes'])).toEqual([1e9, 1e9, 1e9]);
});

test('an episode whose file left the library is no longer an episode target', async () => {
  const series = await newSeries(world.service.db, { episodes: [2] });
  const [, second] = series.episodes;
  if (!second?.episode_file_id) throw new Error('a second episode with a file expected');
  const fileId = second.episode_file_id;
  // As media.episode_file_removed leaves it: the file row gone, its episode detached.
  await world.service.db.$transaction((tx) =>
    detachEpisodeFile(tx, fileId, [second.episode_id], null),
  );
  const root = await loadRoot('series', series.media_id);
  expect(buildTargets(root, 'episode', NOW).map((e) => e.target)).toEqual([
    episodeTarget(series, 0),
  ]);
  expect(buildTargets(root, 'season', NOW)[0]?.facts['media.size_bytes']).toBe(1_000_000_000);
});

test('paging visits every live root of one media type exactly once, in media_id order', async () => {
  for (let i = 0; i < 5; i += 1) await newMovie(world.service.db);
  const removed = await newMovie(world.service.db);
  await world.service.db.mediaItem.update({
    where: { mediaType_mediaId: { mediaType: 'movie', mediaId: BigInt(removed.media_id) } },
    data: { removedAt: new Date() },
  });
  const live = await world.service.db.mediaItem.findMany({
    where: { mediaType: 'movie', removedAt: null },
    select: { mediaId: true },
    orderBy: { mediaId: 'asc' },
  });

  const pages = await allPages('movie', 2);
  const visited = pages.flatMap((page) => page.map((root) => root.mediaId));
  expect(visited).toEqual(live.map((row) => Number(row.mediaId)));
  expect(visited).not.toContain(removed.media_id);
  expect(pages.every((page) => page.length <= 2)).toBe(true);
  expect(pages.flat().every((root) => root.mediaType === 'movie')).toBe(true);
});

test('a page larger than what remains holds all of it and ends the paging', async () => {
  const series = (await allPages('series', 1)).flat();
  expect(series.length).toBeGreaterThanOrEqual(2);
  const pages = await allPages('series', 500);
  expect(pages).toHaveLength(1);
  expect(pages[0]?.map((r) => r.mediaId)).toEqual(series.map((r) => r.mediaId));
});

test('a root carries its watch data, its requests, the disks and the playback users', async () => {
  const alice = jellyfinUser(3, 'alice');
  const movie = await newMovie(world.service.db);
  const plain = await newMovie(world.service.db);
  const asked = request(7);
  await deliver(world, 'media.watch_data_changed', {
    items: [watchItem(movie, [played(alice, { movie_id: movie.media_id })])],
    playback_users: [alice],
  });
  await deliver(world, 'media.requests_changed', requestsOf(movie, [asked]));
  await deliver(world, 'media.disk_space_changed', {
    as_of: nextAsOf(),
    disks: [
      {
        disk_id: 'radarr-1:d1',
        service_config_id: 1,
        free_bytes: 12,
        total_bytes: 100,
        free_percent: 12,
        checked_at: NOW.toISOString(),
      },
    ],
  });

  const [root, other] = await loadRoots(direct(), 'movie', [movie.media_id, plain.media_id]);
  expect(root?.inputs.watch?.watch_states).toEqual([played(alice, { movie_id: movie.media_id })]);
  expect(root?.inputs.requests).toEqual([asked]);
  expect(root?.inputs.users).toEqual([alice]);
  expect([...(root?.inputs.diskFree ?? [])]).toEqual([['radarr-1:d1', 12]]);
  expect(other?.mediaId).toBe(plain.media_id);
  expect(other?.inputs.watch).toBeNull();
  expect(other?.inputs.requests).toEqual([]);
});

test('a transaction reads the same projection as the bulk reader', async () => {
  const movie = await newMovie(world.service.db, { versions: 2 });
  const series = await newSeries(world.service.db, { episodes: [2, 1] });
  for (const [mediaType, id] of [
    ['movie', movie.media_id],
    ['series', series.media_id],
  ] as const) {
    const inTransaction = await world.service.db.$transaction((tx) =>
      loadRoots(tx, mediaType, [id]),
    );
    expect(inTransaction).toEqual(await loadRoots(direct(), mediaType, [id]));
    expect(inTransaction).toHaveLength(1);
  }
});
