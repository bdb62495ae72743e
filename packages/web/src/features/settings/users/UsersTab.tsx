import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Schemas } from '../../../api/client';
import { asProblem } from '../../../api/problem';
import { DateTime } from '../../../ui/DateTime';
import { ConfirmDialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/EmptyState';
import { Pager } from '../../../ui/Pager';
import { ProblemMessage } from '../../../ui/ProblemMessage';
import { QueryState } from '../../../ui/QueryState';
import { intParam } from '../../../ui/int-param';
import { useSearchState } from '../../../ui/useSearchState';
import { UserForm } from './UserForm';

type User = Schemas['UserSummary'];
const DEFAULTS = { page: '1', search: '', role: '' };
const PER_PAGE = 50;

/** Users: paged list with search and role filter in the URL; add, edit, delete. */
export function UsersTab() {
  const queryClient = useQueryClient();
  const [state, setState] = useSearchState(DEFAULTS);
  const page = intParam(state.page, 1);
  const role = state.role === 'admin' || state.role === 'user' ? state.role : undefined;
  const users = api.useQuery('get', '/api/users', {
    params: { query: { page, per_page: PER_PAGE, search: state.search || undefined, role } },
  });
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const remove = api.useMutation('delete', '/api/users/{user_id}', {
    meta: { inline: true },
    onSuccess: async () => {
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ['get', '/api/users'] });
    },
  });

  return (
    <section aria-labelledby="users-title">
      <div className="section-header">
        <h2 id="users-title">
          Users {users.data && <span className="count">{users.data.total.toLocaleString()}</span>}
        </h2>
        <button type="button" className="button primary" onClick={() => setEditing('new')}>
          Add user
        </button>
      </div>
      <div className="toolbar" role="search">
        <input
          type="search"
          aria-label="Search users"
          placeholder="Search users"
          defaultValue={state.search}
          onChange={(e) => setState({ search: e.target.value })}
        />
        <select
          aria-label="Role"
          value={state.role}
          onChange={(e) => setState({ role: e.target.value })}
        >
          <option value="">All roles</option>
          <option value="admin">admin</option>
          <option value="user">user</option>
        </select>
      </div>
      <QueryState query={users} rows={6}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title={state.search || role ? 'No user matches' : 'No users yet'}>
              {state.search || role
                ? 'Clear the search or the role filter.'
                : 'Add a user for each person you share the server with.'}
            </EmptyState>
          ) : (
            <>
              <div className="table-scroll">
                <table className="list">
                  <thead>
                    <tr>
                      <th scope="col">User</th>
                      <th scope="col">Role</th>
                      <th scope="col">Sign-in</th>
                      <th scope="col">Enabled</th>
                      <th scope="col">Last login</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((u) => (
                      <tr key={u.id}>
                        <td>
                          {u.display_name || u.username}
                          <div className="muted small">
                            {u.username}
                            {u.email ? ` · ${u.email}` : ''}
                          </div>
                        </td>
                        <td>{u.role}</td>
                        <td>{u.auth_provider}</td>
                        <td>
                          {u.enabled ? (
                            'Yes'
                          ) : (
                            <span className="badge state-disabled">disabled</span>
                          )}
                        </td>
                        <td>
                          <DateTime value={u.last_login_at} />
                        </td>
                        <td>
                          <div className="card-actions">
                            <button
                              type="button"
                              className="button"
                              aria-label={`Edit user ${u.username}`}
                              onClick={() => setEditing(u)}
                            >
                              Edit
                            </button>
                            <button
                              type="button"
                              className="button"
                              aria-label={`Delete user ${u.username}`}
                              onClick={() => setDeleting(u)}
                            >
                              Delete
                            </button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                page={data.page}
                totalPages={data.total_pages}
                onPage={(p) => setState({ page: String(p) })}
              />
            </>
          )
        }
      </QueryState>
      {editing !== null && (
        <UserForm user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title="Delete user"
        confirmLabel="Delete user"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ params: { path: { user_id: deleting.id } } })}
      >
        {deleting && (
          <>
            <p>
              Delete user &apos;{deleting.username}&apos;? They are signed out at once; their
              requests stay, shown as by a deleted user.
            </p>
            {remove.error !== null && <DeleteProblem error={remove.error} />}
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}

function DeleteProblem({ error }: { error: unknown }) {
  const { code } = asProblem(error);
  if (code === 'last_admin')
    return (
      <p className="field-error" role="alert">
        This is the last enabled administrator and cannot be deleted.
      </p>
    );
  if (code === 'cannot_delete_self')
    return (
      <p className="field-error" role="alert">
        You cannot delete your own account.
      </p>
    );
  return <ProblemMessage error={error} />;
}
