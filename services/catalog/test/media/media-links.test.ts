import { waitFor } from '@mcs/kit/testing';
import { useWorld } from '../support/world';

/** candidate_ids / protection_ids from cleanup's links (EA#43), and no path in any response (EA#50). */
const world = useWorld({
  sim: { movies: 8, series: 2, seasonsPerSeries: 1, episodesPerSeason: 2 },
});

interface Media {
  id: number;
  tmdb_id: number;
  candidate_ids: number[];
  protection_ids: number[];
}

beforeAll(async () => {
  await world.configure();
  expect((await world.runTask('sync_media')).status).toBe('completed');
});

async function movieByTmdb(tmdbId: number): Promise<Media> {
  const page = await world.api<{ items: Media[] }>('GET', `/api/v1/movies?tmdb_id=${tmdbId}`);
  return page.body.items[0] as Media;
}

async function sendLinks(items: unknown[]) {
  await world.broker.send('cleanup.media_links_changed', { items } as never);
}

test('EA#43: candidate and protection ids come from cleanup links; an expired protection is not listed', async () => {
  const movie = await movieByTmdb(world.sim.library.movie(0).tmdbId);
  expect(movie).toMatchObject({ candidate_ids: [], protection_ids: [] });
  const now = world.clock.now();
  const asOf = now.toISOString();
  await sendLinks([
    {
      media_type: 'movie',
      media_id: movie.id,
      as_of: asOf,
      candidate_ids: [12, 7],
      protections: [
        { id: 3, expires_at: null },
        { id: 5, expires_at: new Date(now.getTime() + 86_400_000).toISOString() },
        { id: 4, expires_at: new Date(now.getTime() - 1000).toISOString() },
      ],
    },
  ]);
  const linked = await waitFor(async () => {
    const found = await movieByTmdb(movie.tmdb_id);
    return found.candidate_ids.length > 0 ? found : undefined;
  });
  expect(linked.candidate_ids).toEqual([7, 12]);
  expect(linked.protection_ids).toEqual([3, 5]);
  // Time passes: protection 5 expires without any message from cleanup.
  world.clock.advance(2 * 86_400_000);
  expect((await world.api<Media>('GET', `/api/v1/movies/${movie.id}`)).body.protection_ids).toEqual(
    [3],
  );
});

test('an older state from cleanup never replaces a newer one', async () => {
  const movie = await movieByTmdb(world.sim.library.movie(1).tmdbId);
  const at = world.clock.now().getTime();
  const links = (asOf: number, candidates: number[]) => ({
    media_type: 'movie',
    media_id: movie.id,
    as_of: new Date(asOf).toISOString(),
    candidate_ids: candidates,
    protections: [],
  });
  await sendLinks([links(at, [21])]);
  await waitFor(async () => (await movieByTmdb(movie.tmdb_id)).candidate_ids.length === 1);
  await sendLinks([links(at - 60_000, [99])]);
  await sendLinks([links(at + 60_000, [22])]);
  await waitFor(async () => (await movieByTmdb(movie.tmdb_id)).candidate_ids[0] === 22);
  const rows = await world.service.db.inboxMessage.count({
    where: { consumer: { endsWith: 'media-links' } },
  });
  expect(rows).toBeGreaterThanOrEqual(4);
});

/** Strings that look like a filesystem path, a server address or a credential. */
function leaks(value: unknown, where = '$'): string[] {
  if (typeof value === 'string') {
    const suspicious =
      /(^|[\s"'=(])\/(media|srv|mnt|data|home|tv|movies)\b/i.test(value) ||
      /^\//.test(value) ||
      /[A-Za-z]:\\/.test(value) ||
      /\.(mkv|mp4|avi)\b/i.test(value) ||
      value.includes(world.sim.url) ||
      Object.values(world.sim.apiKeys).some((key) => value.includes(key));
    return suspicious ? [`${where}: ${value}`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => leaks(item, `${where}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaks(item, `${where}.${key}`));
  return [];
}

test('EA#50: no response of the media routes contains a path, a server address or a key', async () => {
  const urls = [
    '/api/v1/movies?per_page=200&include_removed=true',
    '/api/v1/series?per_page=200&include_removed=true',
  ];
  const responses = [];
  for (const url of urls) {
    const page = await world.api<{ items: { id: number }[] }>('GET', url);
    expect(page.body.items.length).toBeGreaterThan(0);
    responses.push(page);
    const kind = url.includes('movies') ? 'movies' : 'series';
    for (const item of page.body.items)
      responses.push(await world.api('GET', `/api/v1/${kind}/${item.id}`));
  }
  for (const url of ['/api/v1/movies/424242', '/api/v1/series/x', '/api/v1/movies?sort_by=path'])
    responses.push(await world.api('GET', url));
  // The library does have paths: they are stored, just never shown.
  expect(
    await world.service.db.movieVersion.count({ where: { path: { startsWith: '/media/' } } }),
  ).toBeGreaterThan(0);
  for (const response of responses) {
    expect(leaks(JSON.parse(response.text))).toEqual([]);
    expect(response.text).not.toContain('/media/');
  }
});
