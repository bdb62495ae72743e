/** Filters, sorting and paging of the media lists (external-api.md 2.6). */
export type MediaKind = 'movie' | 'series';

export const SORT_FIELDS = ['title', 'year', 'added_at', 'size'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface MediaFilters {
  search?: string;
  tmdbId?: number;
  imdbId?: string;
  /** Series only; ignored on movies. */
  tvdbId?: string;
  status?: string;
  includeRemoved: boolean;
}

export interface MediaSort {
  field: SortField;
  order: SortOrder;
}

/** `%` and `_` in a search are literal characters, not LIKE wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
