import { useState } from 'react';
import { api } from '../../api/client';
import { useSession } from '../../api/session';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/QueryState';
import { oneOf } from '../protections/entry-format';
import { ApproveProtectionDialog } from './ApproveProtectionDialog';
import { CancelRequestDialog } from './CancelRequestDialog';
import { DenyDialog } from './DenyDialog';
import { ProtectionRequestTable } from './ProtectionRequestTable';
import type { Decision } from './RequestActions';
import { RequestFilters } from './RequestFilters';
import { PROTECTION_STATUSES, type ProtectionRequest, type RequestSearch } from './request-format';

const PER_PAGE = 50;

/** Protection requests: own ones for users, all (or only mine) for admins. */
export function ProtectionRequestsPanel({ search, onSearch, page }: RequestSearch) {
  const { user, isAdmin } = useSession();
  const [action, setAction] = useState<{ request: ProtectionRequest; decision: Decision } | null>(
    null,
  );
  const query = api.useQuery(
    'get',
    '/api/protection-requests',
    {
      params: {
        query: {
          page,
          per_page: PER_PAGE,
          status: oneOf(search.status, PROTECTION_STATUSES),
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
        statuses={PROTECTION_STATUSES}
        status={search.status}
        mine={search.mine === 'true'}
        isAdmin={isAdmin}
        onChange={onSearch}
      />
      <p className="count-line muted small" aria-live="polite">
        {query.data ? `${query.data.total.toLocaleString()} protection requests` : '\u00a0'}
      </p>
      <QueryState query={query} rows={6} rowHeight={64}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              title={filtered ? 'No protection requests match' : 'No protection requests'}
            >
              {filtered
                ? 'Choose another status or clear the filter.'
                : 'To keep a title, open it in the Library and request its protection.'}
            </EmptyState>
          ) : (
            <>
              <ProtectionRequestTable
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
        <ApproveProtectionDialog request={action.request} onClose={close} />
      )}
      {action?.decision === 'deny' && (
        <DenyDialog kind="protection" request={action.request} onClose={close} />
      )}
      {action?.decision === 'cancel' && (
        <CancelRequestDialog kind="protection" request={action.request} onClose={close} />
      )}
    </>
  );
}
