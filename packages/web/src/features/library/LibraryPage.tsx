import { keepPreviousData } from '@tanstack/react-query';
import { api } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/QueryState';
import { intParam } from '../../ui/int-param';
import { useSearchState } from '../../ui/useSearchState';
import { LibraryFilters } from './LibraryFilters';
import { LibraryList } from './LibraryList';
import './library.css';

const PER_PAGE = 50;
const DEFAULTS = { search: '', media_type: '', include_removed: '', page: '1' };

/** Route /library: every movie and series, searchable, paged on the server. */
export function LibraryPage() {
  const [filters, setFilters] = useSearchState(DEFAULTS);
  const mediaType =
    filters.media_type === 'movie' || filters.media_type === 'series'
      ? filters.media_type
      : undefined;
  const items = api.useQuery(
    'get',
    '/api/media/items',
    {
      params: {
        query: {
          page: intParam(filters.page, 1),
          per_page: PER_PAGE,
          ...(filters.search ? { search: filters.search } : {}),
          ...(mediaType ? { media_type: mediaType } : {}),
          ...(filters.include_removed === 'true' ? { include_removed: true } : {}),
        },
      },
    },
    { placeholderData: keepPreviousData },
  );
  const filtered = Boolean(filters.search || mediaType || filters.include_removed);
  return (
    <>
      <PageHeader title="Library" count={items.data?.total} />
      <LibraryFilters values={filters} onChange={setFilters} />
      <QueryState query={items} rows={10} rowHeight={41}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title={filtered ? 'Nothing matches' : 'The library is empty'}>
              {filtered
                ? 'Try another title or clear the filters.'
                : 'Items appear after the first media sync; an administrator can run it from Tasks.'}
            </EmptyState>
          ) : (
            <>
              <LibraryList items={page.items} />
              <Pager
                page={page.page}
                totalPages={page.total_pages}
                onPage={(p) => setFilters({ page: String(p) })}
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}
