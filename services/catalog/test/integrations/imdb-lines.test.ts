import { Readable } from 'node:stream';
import { isHeader, linesOf, parseRatingLine } from '../../src/integrations/imdb/ratings-lines';

const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

async function all(source: AsyncIterable<string | null>) {
  const out: (string | null)[] = [];
  for await (const line of source) out.push(line);
  return out;
}

test('lines are split across chunk boundaries, the last one without a newline included', async () => {
  const lines = await all(linesOf(chunks('tt1\t7', '.5\t10\ntt2', '\t6.0\t3\n\ntt3\t1.0\t1'), 100));
  expect(lines).toEqual(['tt1\t7.5\t10', 'tt2\t6.0\t3', '', 'tt3\t1.0\t1']);
});

test('a line over the cap is reported once, never held, and the next line reads normally', async () => {
  const long = 'x'.repeat(50);
  const lines = await all(
    linesOf(chunks(`${long.slice(0, 30)}`, `${long.slice(30)}\ntt9\t`, '2.0\t5\n'), 16),
  );
  expect(lines).toEqual([null, 'tt9\t2.0\t5']);
});

test('only well-formed lines parse; the header is neither a rating nor malformed', () => {
  expect(parseRatingLine('tt0111161\t9.3\t2900000')).toEqual({
    imdbId: 'tt0111161',
    rating: 9.3,
    votes: 2900000,
  });
  expect(parseRatingLine('tt1\t7.0\t5\r')).toEqual({ imdbId: 'tt1', rating: 7, votes: 5 });
  for (const bad of [
    'tt1\t10.5\t5',
    'tt1\t7.0',
    'nm1\t7.0\t5',
    'tt1\t7.0\t5\textra',
    'tt1\t-1\t5',
    'tt1\t7\t99999999999',
  ])
    expect(parseRatingLine(bad)).toBeNull();
  expect(isHeader('tconst\taverageRating\tnumVotes\r')).toBe(true);
});
