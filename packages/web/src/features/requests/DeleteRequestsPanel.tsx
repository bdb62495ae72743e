import { useState } from 'react';
import { api } from '../../api/client';
import { useSession } from '../../api/session';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/QueryState';
import { oneOf } from '../protections/entry-format';
import { ApproveDeleteDialog } from './ApproveDeleteDialog';
import { CancelRequestDialog } from './CancelRequestDialog';
import { DenyDialog } from './DenyDialog';
import { DeleteRequestTable } from './DeleteRequestTable';
import type { Decision } from './RequestActions';
import { RequestFilters } from './RequestFilters';
import { DELETE_STATUSES, type DeleteRequest, type RequestSearch } from './request-format';

const PER_PAGE = 50;

/** Delete requests: own ones for users, all (or only mine) for admins. */
export function DeleteRequestsPanel({ search, onSearch, page }: RequestSearch) {
  const { user, isAdmin } = useSession();
  const [action, setAction] = useState<{ request: DeleteRequest; decision: Decision } | null>(null);
  const query = api.useQuery(
    'get',
    '/api/delete-requests',
    {
      params: {
        query: {
          page,
          per_page: PER_PAGE,
          status: oneOf(search.status, DELETE_STATUSES),
          mine: isAdmin && search.mine === 'true' ? true : undefined,
        },
      },
    },
    { placeholderData: (previous) => previous },
  );
  const filtered = Boolean(search.status || search.mine);
  const close = () => setAction(null);

  return (
    <>
      <RequestFilters
        statuses={DELETE_STATUSES}
        status={search.status}
        mine={search.mine === 'true'}
        isAdmin={isAdmin}
        onChange={onSearch}
      />
      <p className="count-line muted small" aria-live="polite">
        {query.data ? `${query.data.total.toLocaleString()} delete requests` : '\u00a0'}
      </p>
      <QueryState query={query} rows={6} rowHeight={64}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title={filtered ? 'No delete requests match' : 'No delete requests'}>
              {filtered
                ? 'Choose another status or clear the filter.'
                : 'To ask for a title to be removed, open it in the Library and request its deletion.'}
            </EmptyState>
          ) : (
            <>
              <DeleteRequestTable
                items={data.items}
                isAdmin={isAdmin}
                userId={user.id}
                onAction={(request, decision) => setAction({ request, decision })}
              />
              <Pager
                page={page}
                totalPages={data.total_pages}
                onPage={(p) => onSearch({ page: String(p) })}
              />
            </>
          )
        }
      </QueryState>
      {action?.decision === 'approve' && (
        <ApproveDeleteDialog request={action.request} onClose={close} />
      )}
      {action?.decision === 'deny' && (
        <DenyDialog kind="delete" request={action.request} onClose={close} />
      )}
      {action?.decision === 'cancel' && (
        <CancelRequestDialog kind="delete" request={action.request} onClose={close} />
      )}
    </>
  );
}
