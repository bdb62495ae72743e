/**
 * A feed page from the rows read with `limit + 1` (events-webhooks.md §2.3, §2.5): the extra
 * row only says that more matching events exist. On an empty page the cursor that was sent is
 * handed back, so a client can always pass `next_cursor` back unchanged.
 */
export function feedPage<T extends { id: string }>(
  rows: T[],
  limit: number,
  cursor: string | null,
): { items: T[]; next_cursor: string | null; has_more: boolean } {
  const items = rows.slice(0, limit);
  return {
    items,
    next_cursor: items.at(-1)?.id ?? cursor,
    has_more: rows.length > limit,
  };
}
