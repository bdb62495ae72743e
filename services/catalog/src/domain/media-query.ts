/** Filters, sorting and paging of the media lists (external-api.md 2.6). */
import type { ExternalApi } from '@mcs/contracts';

type Schemas = ExternalApi.components['schemas'];

export type MediaKind = Schemas['MediaType'];

/** Every value of a contract enum, listed as a record so the compiler notices a new one. */
const everyOf = <K extends string>(values: Record<K, true>) => Object.keys(values) as K[];

export type SortField = Schemas['MediaSortBy'];
export const SORT_FIELDS = everyOf<SortField>({
  title: true,
  year: true,
  added_at: true,
  size: true,
});
export type SortOrder = Schemas['SortOrder'];
export const SORT_ORDERS = everyOf<SortOrder>({ asc: true, desc: true });

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
