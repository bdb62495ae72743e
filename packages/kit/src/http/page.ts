/** Page-number paging (external-api.md 1.5), as Input.paging() reads it. */
export interface Paging {
  page: number;
  perPage: number;
}

export const limitOffset = ({ page, perPage }: Paging) => ({
  limit: perPage,
  offset: (page - 1) * perPage,
});

/** A page of a list response: its items and where they stand in the whole. */
export function pageOf<T>(items: T[], total: number, { page, perPage }: Paging) {
  return { items, total, page, per_page: perPage, total_pages: Math.ceil(total / perPage) };
}
