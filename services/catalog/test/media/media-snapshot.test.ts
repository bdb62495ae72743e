import { oneSnapshot } from '@mcs/kit';
import type { Tx } from '../../src/db';
import { newMovie } from '../support/factories';
import { useWorld } from '../support/world';

/**
 * The media list reads its page and its total in one snapshot (`oneSnapshot`). Read side by
 * side on two connections, an item committed between the two reads would be counted but not
 * listed.
 */
const world = useWorld({ sim: { movies: 0, series: 0 } });

const countMovies = async (tx: Tx) =>
  Number((await tx.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM movies`)[0]?.n);

test('a movie committed between two reads of one snapshot is seen by neither', async () => {
  const { db } = world.service;
  await newMovie(db, { title: 'Before' });
  const [before, after] = await oneSnapshot(db, async (tx) => {
    const first = await countMovies(tx);
    // Another connection commits a movie while the snapshot is open.
    await newMovie(db, { title: 'Meanwhile' });
    return [first, await countMovies(tx)];
  });
  expect([before, after]).toEqual([1, 1]);
  const page = await world.api<{ items: { title: string }[]; total: number }>(
    'GET',
    '/api/v1/movies?per_page=50',
  );
  expect(page.body.total).toBe(2);
  expect(page.body.items.map((item) => item.title).sort()).toEqual(['Before', 'Meanwhile']);
});
