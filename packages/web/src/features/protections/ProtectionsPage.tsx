import { useState } from 'react';
import { api, type Schemas } from '../../api/client';
import { useSession } from '../../api/session';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/QueryState';
import { intParam } from '../../ui/int-param';
import { useSearchState } from '../../ui/useSearchState';
import { DurationDialog } from './DurationDialog';
import { MEDIA_TYPES, SCOPES, SOURCES, oneOf } from './entry-format';
import { ProtectionFilters } from './ProtectionFilters';
import { ProtectionRow } from './ProtectionRow';
import { RemoveProtectionDialog } from './RemoveProtectionDialog';
import './protections.css';

type Entry = Schemas['ProtectedEntry'];
type Action = { kind: 'duration' | 'remove'; entry: Entry } | null;

const PER_PAGE = 50;
const DEFAULTS = { page: '1', media_type: '', scope: '', source: '', search: '' };

/** /protections: every protection in force, with its source, reason and expiry. */
export function ProtectionsPage() {
  const { isAdmin } = useSession();
  const [search, setSearch] = useSearchState(DEFAULTS);
  const [action, setAction] = useState<Action>(null);
  const page = intParam(search.page, 1);
  const query = api.useQuery(
    'get',
    '/api/protected',
    {
      params: {
        query: {
          page,
          per_page: PER_PAGE,
          media_type: oneOf(search.media_type, MEDIA_TYPES),
          scope: oneOf(search.scope, SCOPES),
          source: oneOf(search.source, SOURCES),
          search: search.search || undefined,
        },
      },
    },
    { placeholderData: (previous) => previous },
  );
  const filtered = Boolean(search.media_type || search.scope || search.source || search.search);

  return (
    <>
      <PageHeader title="Protections" count={query.data?.total} />
      <ProtectionFilters filters={search} onChange={setSearch} />
      <QueryState query={query} rows={8} rowHeight={64}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              title={filtered ? 'No protections match these filters' : 'Nothing is protected'}
            >
              {filtered
                ? 'Clear a filter or search for another title.'
                : 'Protect a title from its page in the Library, or request a protection there.'}
            </EmptyState>
          ) : (
            <>
              <div className="table-scroll" role="region" aria-label="Protections" tabIndex={0}>
                <table className="list protections-table">
                  <thead>
                    <tr>
                      <th scope="col">Target</th>
                      <th scope="col">Source</th>
                      <th scope="col">Created by</th>
                      <th scope="col">Reason</th>
                      <th scope="col">Expires</th>
                      {isAdmin && <th scope="col">Actions</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((entry) => (
                      <ProtectionRow
                        key={entry.id}
                        entry={entry}
                        isAdmin={isAdmin}
                        onChangeDuration={() => setAction({ kind: 'duration', entry })}
                        onRemove={() => setAction({ kind: 'remove', entry })}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={page}
                totalPages={data.total_pages}
                onPage={(p) => setSearch({ page: String(p) })}
              />
            </>
          )
        }
      </QueryState>
      {action?.kind === 'duration' && (
        <DurationDialog entry={action.entry} onClose={() => setAction(null)} />
      )}
      {action?.kind === 'remove' && (
        <RemoveProtectionDialog entry={action.entry} onClose={() => setAction(null)} />
      )}
    </>
  );
}
