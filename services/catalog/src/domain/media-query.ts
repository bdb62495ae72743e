/** Filters, sorting and paging of the media lists (external-api.md 2.6). */
import type { ExternalApi } from '@mcs/contracts';

type Schemas = ExternalApi.components['schemas'];

export type MediaKind = Schemas['MediaType'];

export type SortField = Schemas['MediaSortBy'];
export const SORT_FIELDS = ['title', 'year', 'added_at', 'size'] as const satisfies SortField[];
export type SortOrder = Schemas['SortOrder'];
export const SORT_ORDERS = ['asc', 'desc'] as const satisfies SortOrder[];

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
