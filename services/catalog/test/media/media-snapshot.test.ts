import { newMovie } from '../support/factories';
import { useWorld } from '../support/world';

/**
 * The media list reads its page and its total in one statement (decision 029), so both come
 * from one snapshot: while another connection keeps committing movies, every answer lists
 * exactly as many items as its total says (all of them fit on the page). Read side by side on
 * two connections, a movie committed between the reads would be counted but not listed.
 */
const world = useWorld({ sim: { movies: 0, series: 0 } });

test('while movies are committed, each page lists exactly the items its total counts', async () => {
  const { db } = world.service;
  let writing = true;
  const writer = (async () => {
    for (let i = 0; writing && i < 200; i += 1) await newMovie(db, { title: `Movie ${i}` });
  })();
  const seen: { total: number; items: number }[] = [];
  try {
    for (let read = 0; read < 30; read += 1) {
      const page = await world.api<{ items: unknown[]; total: number }>(
        'GET',
        '/api/v1/movies?per_page=200',
      );
      seen.push({ total: page.body.total, items: page.body.items.length });
    }
  } finally {
    writing = false;
    await writer;
  }
  expect(seen.filter(({ total, items }) => total !== items)).toEqual([]);
  // The reads overlapped the writes: the total grew while they ran.
  expect(new Set(seen.map(({ total }) => total)).size).toBeGreaterThan(1);
});
