import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import { api } from '../../api/client';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/QueryState';
import { intParam } from '../../ui/int-param';
import { useSearchState } from '../../ui/useSearchState';
import { NoticeList } from './NoticeList';
import './notices.css';

const PER_PAGE = 50;
const DEFAULTS = { unread_only: '', page: '1' };

/** Route /notices: what the service told this user, with read state. */
export function NoticesPage() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useSearchState(DEFAULTS);
  const unreadOnly = filters.unread_only === 'true';
  const notices = api.useQuery(
    'get',
    '/api/notices',
    {
      params: {
        query: {
          page: intParam(filters.page, 1),
          per_page: PER_PAGE,
          ...(unreadOnly ? { unread_only: true } : {}),
        },
      },
    },
    { placeholderData: keepPreviousData },
  );
  const sidebar = api.useQuery('get', '/api/info/sidebar-indicators');
  const markRead = api.useMutation('post', '/api/notices/read', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/notices'] });
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/info/sidebar-indicators'] });
    },
  });
  const unread = sidebar.data?.unread_notices;
  return (
    <>
      <PageHeader
        title="Notices"
        count={notices.data?.total}
        actions={
          <button
            type="button"
            className="button"
            disabled={markRead.isPending || unread === 0}
            onClick={() => markRead.mutate({ body: { all: true } })}
          >
            <CheckCheck aria-hidden size={16} /> Mark all as read
          </button>
        }
      />
      <div className="toolbar">
        <label className="notice-filter">
          Show{' '}
          <select
            value={unreadOnly ? 'true' : ''}
            onChange={(e) => setFilters({ unread_only: e.target.value })}
          >
            <option value="">All notices</option>
            <option value="true">Unread only</option>
          </select>
        </label>
      </div>
      <QueryState query={notices} rows={6} rowHeight={96}>
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title={unreadOnly ? 'Nothing unread' : 'No notices yet'}>
              {unreadOnly
                ? 'You have read everything. Show all notices to see older ones.'
                : 'Decisions on your requests and deletions that concern you will appear here.'}
            </EmptyState>
          ) : (
            <>
              <NoticeList
                notices={page.items}
                busy={markRead.isPending}
                onMarkRead={(notice) => markRead.mutate({ body: { ids: [notice.id] } })}
              />
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
