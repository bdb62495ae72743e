import type { FeedItemText } from './feed.repository';

/**
 * The EventFeed answer (external-api.md §2.5) as JSON text: the items are already JSON, built
 * by the database from the stored records (feed.repository.ts), so they are joined, not
 * parsed and serialised again.
 */
export function feedJson(page: {
  items: FeedItemText[];
  next_cursor: string | null;
  has_more: boolean;
}): string {
  const items = page.items.map((item) => item.json).join(',');
  return `{"items":[${items}],"next_cursor":${JSON.stringify(page.next_cursor)},"has_more":${page.has_more}}`;
}
