import { Navigate, useLocation } from 'react-router';
import { api, setCsrfToken } from '../api/client';
import { asProblem } from '../api/problem';
import { SessionProvider } from '../api/session';
import { rememberSession } from '../api/session-hint';
import { ProblemMessage } from '../ui/ProblemMessage';
import { Layout } from './Layout';

/**
 * The signed-in app: first-run setup when the setup status says so, the login page when the
 * session is missing or expired, else the layout with the screen of the URL.
 */
export function Shell() {
  const location = useLocation();
  const status = api.useQuery('get', '/api/setup/status');
  const me = api.useQuery(
    'get',
    '/api/auth/me',
    {},
    {
      enabled: status.data?.setup_complete === true,
      retry: false,
      staleTime: 60_000,
    },
  );
  if (status.isPending) return <div className="splash" aria-busy="true" />;
  if (!status.data)
    return <ProblemMessage error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data.setup_complete) return <Navigate to="/setup" replace />;
  if (me.isPending) return <div className="splash" aria-busy="true" />;
  if (!me.data) {
    if (asProblem(me.error).status !== 401)
      return <ProblemMessage error={me.error} onRetry={() => void me.refetch()} />;
    rememberSession(false);
    const here = `${location.pathname}${location.search}`;
    return (
      <Navigate
        to={here === '/' ? '/login' : `/login?return_to=${encodeURIComponent(here)}`}
        replace
      />
    );
  }
  // Writes carry the session's CSRF token; it is set before any screen can send one.
  setCsrfToken(me.data.csrf_token);
  rememberSession(true);
  return (
    <SessionProvider me={me.data}>
      <Layout />
    </SessionProvider>
  );
}
