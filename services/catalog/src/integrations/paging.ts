/**
 * Offset paging with the completeness rule of §2.10/§2.11: an enumeration is complete only when
 * the items read add up to the server's reported total. The generator finishes normally only
 * for a complete enumeration; otherwise it throws `incomplete` after handing out what it read,
 * so a sync can still upsert those items but must not conclude that anything left.
 *
 * Pages after the first are fetched a few at a time (bounded by the client's work slots) and
 * handed out in order.
 */
import { IntegrationError } from './errors';

export interface Page<T> {
  items: T[];
  /** The server's total for the whole list at the time of this page. */
  total: number;
}

export interface OffsetPaging {
  pageSize: number;
  /** Pages in flight at once; the client's concurrency cap applies on top. */
  parallel?: number;
  /** Builds the error for an inconsistent enumeration, in the client's voice. */
  incomplete: (detail: string) => IntegrationError;
}

export async function* pagesByOffset<T>(
  fetchPage: (start: number, size: number) => Promise<Page<T>>,
  options: OffsetPaging,
): AsyncGenerator<T[]> {
  const { pageSize, parallel = 1, incomplete } = options;
  const first = await fetchPage(0, pageSize);
  let total = first.total;
  let read = first.items.length;
  if (read === 0 && total > 0)
    throw incomplete(`an empty first page although ${total} items were reported`);
  if (read > 0) yield first.items;

  const inFlight: { start: number; page: Promise<Page<T>> }[] = [];
  let scheduled = read;
  while (read < total) {
    while (inFlight.length < parallel && scheduled < total) {
      const page = fetchPage(scheduled, pageSize);
      // Awaited below in order; this only keeps an abandoned prefetch from being "unhandled".
      page.catch(() => undefined);
      inFlight.push({ start: scheduled, page });
      scheduled += pageSize;
    }
    const next = inFlight.shift();
    if (!next) break;
    const page = await next.page;
    // A shrinking total means items moved between pages: one may have been skipped.
    if (page.total < total)
      throw incomplete(`the total fell from ${total} to ${page.total} while paging`);
    total = page.total;
    const expected = Math.min(pageSize, total - next.start);
    if (page.items.length < expected) {
      throw incomplete(
        `a page at ${next.start} held ${page.items.length} of ${expected} expected items`,
      );
    }
    read = next.start + page.items.length;
    yield page.items;
  }
  if (read < total) throw incomplete(`read ${read} of ${total} items`);
}
