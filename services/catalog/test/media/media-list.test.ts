import { useWorld } from '../support/world';
import { newMovie, newSeries } from '../support/factories';

/** external-api.md 2.6 and EA#43-45: filters, sorting, paging bounds, 404s, removed items. */
const world = useWorld({ sim: { movies: 0, series: 0 } });

interface Media {
  id: number;
  title: string;
  year: number | null;
  size_bytes: number | null;
  added_at: string | null;
  removed_at: string | null;
  tvdb_id: string | null;
}
interface Page {
  items: Media[];
  total: number;
  page: number;
  per_page: number;
  total_pages: number;
}

const ids = (page: Page) => page.items.map((item) => item.id);
const list = async (query: string, kind = 'movies') =>
  world.api<Page>('GET', `/api/v1/${kind}${query}`);

let movies: { id: number; tmdbId: number; title: string }[];
let removed: { id: number };
let series: { id: number; tmdbId: number; title: string }[];

beforeAll(async () => {
  const db = world.service.db;
  movies = [
    await newMovie(db, {
      title: 'alpha 100%',
      year: 1999,
      sizeBytes: 300,
      addedAt: new Date('2024-03-01T00:00:00Z'),
    }),
    await newMovie(db, {
      title: 'Beta_Movie',
      year: null,
      sizeBytes: null,
      addedAt: null,
      status: 'Planned',
    }),
    await newMovie(db, {
      title: 'gamma',
      year: 2005,
      sizeBytes: 300,
      addedAt: new Date('2024-01-01T00:00:00Z'),
      imdbId: 'tt0137523',
    }),
    await newMovie(db, {
      title: 'Delta',
      year: 2005,
      sizeBytes: 100,
      addedAt: new Date('2024-02-01T00:00:00Z'),
      status: 'released',
    }),
  ];
  removed = await newMovie(db, {
    title: 'Removed Alpha',
    removedAt: new Date('2025-01-01T00:00:00Z'),
  });
  series = [
    await newSeries(db, { title: 'The Expanse', tvdbId: '280619' }),
    await newSeries(db, { title: 'Andor', tvdbId: '393189' }),
  ];
});

test('EA#44: the list hides soft-removed movies unless include_removed=true', async () => {
  const visible = await list('?per_page=200');
  expect(visible.status).toBe(200);
  expect(ids(visible.body)).not.toContain(removed.id);
  expect(visible.body.total).toBe(4);
  const all = await list('?per_page=200&include_removed=true');
  expect(ids(all.body)).toContain(removed.id);
  expect(all.body.total).toBe(5);
  expect((await list('?include_removed=false')).body.total).toBe(4);
});

test('EA#44: a soft-removed movie answers by id with removed_at; unknown ids and series ids are 404', async () => {
  const byId = await world.api<Media>('GET', `/api/v1/movies/${removed.id}`);
  expect(byId.status).toBe(200);
  expect(byId.body.removed_at).toBe('2025-01-01T00:00:00.000Z');
  for (const url of [
    `/api/v1/movies/${series[0]?.id}`,
    '/api/v1/movies/999999999',
    `/api/v1/series/${movies[0]?.id}`,
  ]) {
    const missing = await world.api('GET', url);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(missing.body).toMatchObject({
      code: 'not_found',
      status: 404,
      type: 'urn:mcs:problem:not_found',
    });
    expect(missing.body.detail).toMatch(/was not found/);
  }
  expect((await world.api('GET', '/api/v1/movies/abc')).body.code).toBe('validation_failed');
  expect((await world.api('GET', '/api/v1/movies/0')).status).toBe(422);
});

test('search is a case-insensitive substring of the title, with % and _ taken literally', async () => {
  expect(ids((await list('?search=ALPHA')).body)).toEqual([movies[0]?.id]);
  expect(ids((await list('?search=100%25')).body)).toEqual([movies[0]?.id]);
  expect(ids((await list('?search=a_m')).body)).toEqual([movies[1]?.id]);
  expect(ids((await list('?search=alpha&include_removed=true')).body).sort()).toEqual(
    [movies[0]?.id, removed.id].sort(),
  );
});

test('EA#20: tmdb_id, its alias catalog_id, imdb_id and status filter exactly', async () => {
  const target = movies[2] as { id: number; tmdbId: number };
  expect(ids((await list(`?tmdb_id=${target.tmdbId}`)).body)).toEqual([target.id]);
  expect(ids((await list(`?catalog_id=${target.tmdbId}`)).body)).toEqual([target.id]);
  expect((await list(`?catalog_id=${target.tmdbId}&tmdb_id=1`)).status).toBe(422);
  // Beyond the column's integer range: no such movie, not a failed statement.
  const huge = await list('?tmdb_id=9007199254740991');
  expect([huge.status, ids(huge.body)]).toEqual([200, []]);
  expect(ids((await list('?imdb_id=tt0137523')).body)).toEqual([target.id]);
  expect(ids((await list('?status=Planned')).body)).toEqual([movies[1]?.id]);
  // Case-sensitive: "released" is a different status from "Released".
  expect(ids((await list('?status=released')).body)).toEqual([movies[3]?.id]);
});

test('tvdb_id filters series and is ignored on movies', async () => {
  const found = await list('?tvdb_id=280619', 'series');
  expect(ids(found.body)).toEqual([series[0]?.id]);
  expect(found.body.items[0]?.tvdb_id).toBe('280619');
  expect((await list('?tvdb_id=280619')).body.total).toBe(4);
});

test('EA#45: every sort field in both directions puts nulls last and breaks ties by id', async () => {
  const [alpha, beta, gamma, delta] = movies.map((m) => m.id) as [number, number, number, number];
  const cases: [string, number[]][] = [
    ['', [alpha, beta, delta, gamma]],
    ['?sort_by=title&sort_order=desc', [gamma, delta, beta, alpha]],
    ['?sort_by=year', [alpha, gamma, delta, beta]],
    ['?sort_by=year&sort_order=desc', [gamma, delta, alpha, beta]],
    ['?sort_by=added_at', [gamma, delta, alpha, beta]],
    ['?sort_by=added_at&sort_order=desc', [alpha, delta, gamma, beta]],
    ['?sort_by=size', [delta, alpha, gamma, beta]],
    ['?sort_by=size&sort_order=desc', [alpha, gamma, delta, beta]],
  ];
  for (const [query, expected] of cases) expect(ids((await list(query)).body)).toEqual(expected);
});

test('EA#45: unknown sort fields and orders, and bad booleans, are 422 naming the parameter', async () => {
  for (const [query, name] of [
    ['?sort_by=rating', 'sort_by'],
    ['?sort_order=up', 'sort_order'],
    ['?include_removed=maybe', 'include_removed'],
    ['?tmdb_id=0', 'tmdb_id'],
    ['?search=', 'search'],
  ]) {
    const response = await list(query as string);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([expect.objectContaining({ in: 'query', name })]);
  }
});

test('EA#15-17: paging bounds, echo and totals', async () => {
  for (const query of ['?per_page=0', '?per_page=201', '?page=0', '?page=x']) {
    const response = await list(query);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('validation_failed');
  }
  expect((await list('?per_page=200')).status).toBe(200);
  const second = await list('?per_page=3&page=2');
  expect(second.body).toMatchObject({ total: 4, page: 2, per_page: 3, total_pages: 2 });
  expect(second.body.items).toHaveLength(1);
  const past = await list('?per_page=3&page=99');
  expect(past.body).toMatchObject({ items: [], total: 4, total_pages: 2 });
  const none = await list('?search=no-such-title');
  expect(none.body).toMatchObject({ items: [], total: 0, total_pages: 0, page: 1, per_page: 50 });
});

test('EA#51: every timestamp has millisecond precision and Z', async () => {
  const body = (await list('?include_removed=true')).body;
  for (const item of body.items)
    for (const value of [item.added_at, item.removed_at])
      if (value !== null) expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});
