import { intParam } from '../../ui/int-param.ts';

// The list's filters as the URL holds them, and the query they make: shared by the page and by
// the route's loader, which starts the first page's request while the page's code loads.
export const FILTER_DEFAULTS = {
  page: '1',
  search: '',
  media_type: '',
  auto_delete_state: '',
  rule_id: '',
  blocked: '',
  sort_by: 'created_at',
  sort_order: 'desc',
};
export type FilterValues = typeof FILTER_DEFAULTS;

function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

/**
 * Groups per page. A group's card is about 300 px tall (its header and first five rows), so 25
 * is a long page already; 50 (the API's default) made the first page's answer 495 KB with the
 * bench's series of 50 episode candidates each, and its render the slowest part of the screen.
 */
export const GROUPS_PER_PAGE = 25;

export function listQuery(v: FilterValues) {
  return {
    page: intParam(v.page, 1),
    per_page: GROUPS_PER_PAGE,
    search: v.search || undefined,
    media_type: oneOf(v.media_type, ['movie', 'series'] as const),
    auto_delete_state: oneOf(v.auto_delete_state, [
      'disabled',
      'scheduled',
      'eligible',
      'postponed',
      'canceled',
    ] as const),
    rule_id: v.rule_id ? intParam(v.rule_id, 0) || undefined : undefined,
    blocked: v.blocked === '' ? undefined : v.blocked === 'true',
    sort_by: oneOf(v.sort_by, ['created_at', 'auto_delete_eligible_at', 'title', 'size'] as const),
    sort_order: oneOf(v.sort_order, ['asc', 'desc'] as const),
  };
}
