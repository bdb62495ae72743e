import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api, basePath, setCsrfToken } from '../../api/client';
import { asProblem } from '../../api/problem';
import { SESSION_KEY } from '../../api/query-client';
import { Field } from '../../ui/Field';
import { safeReturnTo } from './return-to';

/** Sign in with a local account, or through the OIDC provider when it is enabled. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnTo = safeReturnTo(params.get('return_to'));
  const status = api.useQuery('get', '/api/setup/status');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = api.useMutation('post', '/api/auth/login', {
    meta: { inline: true },
    onSuccess: async (data) => {
      setCsrfToken(data.csrf_token);
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      void navigate(returnTo, { replace: true });
    },
  });
  if (status.data && !status.data.setup_complete) return <Navigate to="/setup" replace />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ body: { username, password } });
  };
  const problem = login.error ? asProblem(login.error) : null;
  const oidc = status.data?.oidc;
  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">Sign in</h1>
        <p className="muted">Media Cleanup Service</p>
        {params.get('error') === 'oidc_failed' && (
          <p className="field-error" role="alert">
            Signing in with your identity provider failed. Try again or use a local account.
          </p>
        )}
        <Field label="Username" htmlFor="username">
          <input
            id="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </Field>
        <Field label="Password" htmlFor="password">
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        {problem && (
          <p className="field-error" role="alert">
            {problem.code === 'invalid_credentials'
              ? 'Wrong username or password.'
              : problem.detail}
          </p>
        )}
        <button type="submit" className="button primary" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
        {oidc?.enabled && (
          <a
            className="button"
            href={`${basePath}/api/auth/oidc/login?return_to=${encodeURIComponent(returnTo)}`}
          >
            {oidc.button_label || 'Sign in with SSO'}
          </a>
        )}
      </form>
    </main>
  );
}
