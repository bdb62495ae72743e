/** Page-number paging (external-api.md 1.5). */
export interface Paging {
  page: number;
  perPage: number;
}

export const limitOffset = ({ page, perPage }: Paging) => ({
  limit: perPage,
  offset: (page - 1) * perPage,
});

export function pageOf<T>(items: T[], total: number, { page, perPage }: Paging) {
  return { items, total, page, per_page: perPage, total_pages: Math.ceil(total / perPage) };
}
