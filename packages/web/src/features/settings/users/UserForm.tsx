import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, type Schemas } from '../../../api/client';
import { asProblem, fieldError } from '../../../api/problem';
import { AppDialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { fieldAria } from '../shared/aria';
import { Checkbox } from '../shared/Checkbox';
import { FormProblem } from '../shared/FormProblem';

type User = Schemas['UserSummary'];
type Role = Schemas['Role'];

/** Create a user, or change one's role, enabled flag, names or password. */
export function UserForm({ user, onClose }: { user: User | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(user?.username ?? '');
  const [displayName, setDisplayName] = useState(user?.display_name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [role, setRole] = useState<Role>(user?.role ?? 'user');
  const [enabled, setEnabled] = useState(user?.enabled ?? true);
  const [password, setPassword] = useState('');
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: ['get', '/api/users'] });
    onClose();
  };
  const create = api.useMutation('post', '/api/users', { meta: { inline: true }, onSuccess: done });
  const update = api.useMutation('put', '/api/users/{user_id}', {
    meta: { inline: true },
    onSuccess: done,
  });
  const error = user ? update.error : create.error;
  const problem = error ? asProblem(error) : null;
  const err = (name: string) => fieldError(problem, name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = { role, enabled, email: email.trim() || null };
    if (user)
      update.mutate({
        params: { path: { user_id: user.id } },
        body: {
          ...common,
          ...(displayName.trim() ? { display_name: displayName.trim() } : {}),
          ...(password ? { password } : {}),
        },
      });
    else
      create.mutate({
        body: {
          ...common,
          username: username.trim(),
          password,
          display_name: displayName.trim() || null,
        },
      });
  };

  const local = !user || user.auth_provider === 'local';
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={user ? `Edit user ${user.username}` : 'Add user'}
    >
      <form className="dialog-body" onSubmit={submit} noValidate>
        <Field
          label="Username"
          htmlFor="user-name"
          error={err('username')}
          hint={user ? 'Usernames cannot change.' : '3 to 64 letters, digits and . _ @ -'}
        >
          <input
            id="user-name"
            required
            autoComplete="off"
            value={username}
            readOnly={user !== null}
            onChange={(e) => setUsername(e.target.value)}
            {...fieldAria('user-name', err('username'), true)}
          />
        </Field>
        <Field label="Display name" htmlFor="user-display" error={err('display_name')}>
          <input
            id="user-display"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            {...fieldAria('user-display', err('display_name'))}
          />
        </Field>
        <Field label="Email" htmlFor="user-email" error={err('email')}>
          <input
            id="user-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...fieldAria('user-email', err('email'))}
          />
        </Field>
        <Field
          label="Role"
          htmlFor="user-role"
          error={err('role')}
          hint="Administrators manage settings, users, rules and tasks."
        >
          <select
            id="user-role"
            value={role}
            onChange={(e) => setRole(e.target.value === 'admin' ? 'admin' : 'user')}
            {...fieldAria('user-role', err('role'), true)}
          >
            <option value="user">user</option>
            <option value="admin">admin</option>
          </select>
        </Field>
        {local && (
          <Field
            label={user ? 'New password' : 'Password'}
            htmlFor="user-password"
            error={err('password')}
            hint={
              user
                ? 'Leave blank to keep the password. Changing it ends their other sessions.'
                : '8 to 128 characters.'
            }
          >
            <input
              id="user-password"
              type="password"
              autoComplete="new-password"
              required={!user}
              minLength={8}
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              {...fieldAria('user-password', err('password'), true)}
            />
          </Field>
        )}
        <Checkbox
          id="user-enabled"
          label="Enabled"
          checked={enabled}
          onChange={setEnabled}
          description="A disabled user cannot sign in."
        />
        {problem?.code === 'last_admin' ? (
          <p className="field-error form-problem" role="alert">
            This is the last enabled administrator: make another user an administrator first.
          </p>
        ) : (
          <FormProblem problem={problem} />
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button primary"
            disabled={create.isPending || update.isPending}
          >
            Save user
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
