import { AlertTriangle, Bell, LogOut, Moon, Sun, SunMoon } from 'lucide-react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api, setCsrfToken } from '../api/client';
import { useSession } from '../api/session';
import { rememberSession } from '../api/session-hint';
import { NAV } from './nav';
import { useTheme, type ThemeChoice } from './theme';

const NEXT_THEME: Record<ThemeChoice, ThemeChoice> = {
  system: 'light',
  light: 'dark',
  dark: 'system',
};
const THEME_ICON = { system: SunMoon, light: Sun, dark: Moon };

/** Sidebar, top bar (alerts bell, theme switch, user), banners, and the current screen. */
export function Layout() {
  const { user, isAdmin, canViewCandidates } = useSession();
  const [theme, setTheme] = useTheme();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Live badges: polled, and each badge keeps its width so nothing moves when a count changes.
  const sidebar = api.useQuery(
    'get',
    '/api/info/sidebar-indicators',
    {},
    { refetchInterval: 30_000 },
  );
  const ui = api.useQuery('get', '/api/info/ui-indicators', {}, { refetchInterval: 30_000 });
  const logout = api.useMutation('post', '/api/auth/logout', {
    onSuccess: () => {
      setCsrfToken(null);
      rememberSession(false);
      queryClient.clear();
      void navigate('/login');
    },
  });
  const ThemeIcon = THEME_ICON[theme];
  const alerts = sidebar.data?.active_alerts ?? 0;
  const items = NAV.filter(
    (item) => (!item.admin || isAdmin) && (!item.candidatesPage || canViewCandidates),
  );

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Main">
        <div className="brand">MCS</div>
        <ul>
          {items.map((item) => {
            const count = sidebar.data && item.badge ? item.badge(sidebar.data) : null;
            return (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'}>
                  <item.icon aria-hidden size={20} />
                  <span className="nav-label">{item.label}</span>
                  {count ? (
                    <span className="nav-badge" aria-label={`${count} pending`}>
                      {count > 99 ? '99+' : count}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="main-column">
        <header className="topbar">
          <div className="topbar-spacer" />
          {isAdmin && (
            <NavLink to="/#alerts" className="icon-button" aria-label={`Alerts: ${alerts} active`}>
              <Bell aria-hidden size={20} />
              {alerts > 0 && <span className="nav-badge">{alerts}</span>}
            </NavLink>
          )}
          <button
            type="button"
            className="icon-button"
            aria-label={`Theme: ${theme}. Switch to ${NEXT_THEME[theme]}`}
            onClick={() => setTheme(NEXT_THEME[theme])}
          >
            <ThemeIcon aria-hidden size={20} />
          </button>
          <span className="user-name" title={user.username}>
            {user.display_name || user.username}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label="Sign out"
            disabled={logout.isPending}
            onClick={() => logout.mutate({})}
          >
            <LogOut aria-hidden size={20} />
          </button>
        </header>
        {ui.data && (ui.data.sources_unavailable?.length ?? 0) > 0 && (
          <div className="banner warning" role="status">
            <AlertTriangle aria-hidden size={18} /> Unavailable data sources:{' '}
            {ui.data.sources_unavailable?.join(', ')}. Rules that need them leave items unknown;
            nothing is deleted on unknown data.
          </div>
        )}
        {isAdmin && ui.data?.has_main_server === false && (
          <div className="banner info" role="status">
            No media server yet: add one in{' '}
            <NavLink to="/settings/services">Settings → Services</NavLink>.
          </div>
        )}
        <main id="main" className="content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
