/**
 * A streamed list's elements handed out in batches (HttpClient.stream): decoded elements with
 * the digest of their exact text, and the ids of elements the caller already holds.
 */
import { hash } from 'node:crypto';

/** A list entry with the digest of its text as the server sent it. */
export interface Listed<T> {
  value: T;
  digest: string;
}

/** A batch of a streamed list: decoded elements, and the ids of elements already known. */
export interface ListBatch<T> {
  items: Listed<T>[];
  known: number[];
}

/** Maps a streamed list's decoded values (system clients normalize them), keeping digests. */
export async function* mapList<T, U>(
  batches: AsyncIterable<ListBatch<T>>,
  map: (value: T) => U,
): AsyncGenerator<ListBatch<U>> {
  for await (const batch of batches)
    yield {
      items: batch.items.map(({ value, digest }) => ({ value: map(value), digest })),
      known: batch.known,
    };
}

export const NOTHING_KNOWN: ReadonlyMap<string, number> = new Map();
/** Known ids are tiny; batching them only bounds how long a caller waits for news. */
const KNOWN_PER_BATCH = 10_000;
/**
 * A batch is handed on early once its elements' text reaches this: a batch of a thousand
 * elements each just under the element cap would otherwise hold a gigabyte.
 */
const BATCH_TEXT = 8 * 1024 * 1024;

/**
 * Batches of at most `size` decoded elements. An element whose digest is in `known` (digest →
 * id, from an earlier read) is byte-for-byte what the caller already holds: it is not parsed or
 * decoded, only its id is reported, which makes re-reading a large list that barely changed
 * cheap.
 */
export async function* batchesOf<T>(
  texts: AsyncIterable<string[]>,
  decode: (text: string) => T,
  size: number,
  known: ReadonlyMap<string, number>,
): AsyncGenerator<ListBatch<T>> {
  let batch: ListBatch<T> = { items: [], known: [] };
  let batchText = 0;
  for await (const chunk of texts)
    for (const text of chunk) {
      const digest = digestOf(text);
      const id = known.get(digest);
      if (id !== undefined) batch.known.push(id);
      else {
        batch.items.push({ value: decode(text), digest });
        batchText += text.length;
      }
      if (
        batch.items.length >= size ||
        batch.known.length >= KNOWN_PER_BATCH ||
        batchText >= BATCH_TEXT
      ) {
        yield batch;
        batch = { items: [], known: [] };
        batchText = 0;
      }
    }
  if (batch.items.length > 0 || batch.known.length > 0) yield batch;
}

/** Digest of a list element's exact text (not a secret: SHA-1 is fast and ample here). */
function digestOf(text: string): string {
  return hash('sha1', text, 'base64');
}
