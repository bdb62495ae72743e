import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { api, setCsrfToken } from '../../api/client';
import { asProblem, fieldError } from '../../api/problem';
import { SESSION_KEY } from '../../api/query-client';
import { Field } from '../../ui/Field';

/** First run: create the administrator, who is signed in at once. */
export function SetupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = api.useQuery('get', '/api/setup/status');
  const [form, setForm] = useState({ username: '', password: '', email: '', display_name: '' });
  const setup = api.useMutation('post', '/api/setup', {
    meta: { inline: true },
    onSuccess: async (data) => {
      setCsrfToken(data.csrf_token);
      await queryClient.invalidateQueries({ queryKey: ['get', '/api/setup/status'] });
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      void navigate('/settings/services', { replace: true });
    },
  });
  if (status.data?.setup_complete && !setup.isSuccess) return <Navigate to="/login" replace />;
  const problem = setup.error ? asProblem(setup.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setup.mutate({
      body: {
        username: form.username,
        password: form.password,
        ...(form.email ? { email: form.email } : {}),
        ...(form.display_name ? { display_name: form.display_name } : {}),
      },
    });
  };
  const input = (key: keyof typeof form) => ({
    id: `setup-${key}`,
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
    'aria-invalid': fieldError(problem, key) ? true : undefined,
  });
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} aria-labelledby="setup-title">
        <h1 id="setup-title">Welcome</h1>
        <p className="muted">Create the administrator account of this server.</p>
        <Field
          label="Username"
          htmlFor="setup-username"
          error={fieldError(problem, 'username')}
          hint="3–64 characters: letters, digits, . _ @ -"
        >
          <input {...input('username')} autoComplete="username" required />
        </Field>
        <Field
          label="Password"
          htmlFor="setup-password"
          error={fieldError(problem, 'password')}
          hint="At least 8 characters."
        >
          <input
            {...input('password')}
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
          />
        </Field>
        <Field label="E-mail (optional)" htmlFor="setup-email" error={fieldError(problem, 'email')}>
          <input {...input('email')} type="email" autoComplete="email" />
        </Field>
        <Field
          label="Display name (optional)"
          htmlFor="setup-display_name"
          error={fieldError(problem, 'display_name')}
        >
          <input {...input('display_name')} autoComplete="name" />
        </Field>
        {problem && !problem.errors?.length && (
          <p className="field-error" role="alert">
            {problem.detail}
          </p>
        )}
        <button type="submit" className="button primary" disabled={setup.isPending}>
          {setup.isPending ? 'Creating…' : 'Create administrator'}
        </button>
      </form>
    </main>
  );
}
