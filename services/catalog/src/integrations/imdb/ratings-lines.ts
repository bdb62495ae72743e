/**
 * The IMDb ratings dataset (title.ratings.tsv: `tconst`, `averageRating`, `numVotes`, tab
 * separated, one title per line, a header first) read line by line from a stream of bytes. A
 * line is held only up to `maxLineBytes`: a longer one is skipped to its end and counted as
 * malformed, like a line that does not parse, so one bad line never ends the import. The
 * patterns are fixed-length classes without nesting: matching is linear in the line.
 */
export interface ImdbRating {
  imdbId: string;
  rating: number;
  votes: number;
}

const NEWLINE = 0x0a;
const HEADER = 'tconst\taverageRating\tnumVotes';
const ID = /^tt\d{1,12}$/;
const RATING = /^\d{1,2}(\.\d{1,3})?$/;
const VOTES = /^\d{1,10}$/;
const MAX_VOTES = 2 ** 31 - 1;

/** Each line as text, or null for one longer than the cap (already skipped). */
export async function* linesOf(
  chunks: AsyncIterable<Buffer>,
  maxLineBytes: number,
): AsyncGenerator<string | null> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let skipping = false;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); ; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
      if (!skipping && heldBytes + piece.length > maxLineBytes) {
        skipping = true;
        held = [];
        heldBytes = 0;
        yield null;
      }
      if (!skipping) {
        held.push(piece);
        heldBytes += piece.length;
      }
      if (end === -1) break;
      if (!skipping) yield Buffer.concat(held, heldBytes).toString('utf8');
      held = [];
      heldBytes = 0;
      skipping = false;
      start = end + 1;
    }
  }
  if (!skipping && heldBytes > 0) yield Buffer.concat(held, heldBytes).toString('utf8');
}

/** One line's rating; null for the header, a blank line or anything malformed. */
export function parseRatingLine(line: string): ImdbRating | null {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const fields = text.split('\t');
  if (fields.length !== 3) return null;
  const [imdbId, rating, votes] = fields as [string, string, string];
  if (!ID.test(imdbId) || !RATING.test(rating) || !VOTES.test(votes)) return null;
  const value = Number(rating);
  const count = Number(votes);
  return value <= 10 && count <= MAX_VOTES ? { imdbId, rating: value, votes: count } : null;
}

/** The header, which is neither a rating nor malformed. */
export const isHeader = (line: string) => line.replace(/\r$/, '') === HEADER;
