import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { api, basePath } from '../api/client';
import { queryClient } from '../api/query-client';
import { hadSession } from '../api/session-hint';
import { listQuery, FILTER_DEFAULTS } from '../features/candidates/list-query';
import { activeAlertsQuery } from '../features/dashboard/alerts-query';
import { AdminOnly } from './AdminOnly';
import { NotFound } from './NotFound';
import { Shell } from './Shell';

// Each screen is its own chunk, loaded when first opened: the initial JS is the shell only.
const admin =
  (load: () => Promise<ComponentType>): RouteObject['lazy'] =>
  async () => {
    const Screen = await load();
    return {
      Component: () => (
        <AdminOnly>
          <Screen />
        </AdminOnly>
      ),
    };
  };
const user =
  (load: () => Promise<ComponentType>): RouteObject['lazy'] =>
  async () => ({
    Component: await load(),
  });

/**
 * Starts a screen's first request together with its code and the session check, instead of
 * after both (bench/web): only for a browser that had a session, so a signed-out visit sends
 * nothing that can only fail. The screen's own query takes the answer (same key).
 */
const prefetch =
  (start: (url: URL) => Promise<void>): RouteObject['loader'] =>
  ({ request }) => {
    if (hadSession()) void start(new URL(request.url));
    return null;
  };

function candidatesFirstPage(url: URL) {
  const values = { ...FILTER_DEFAULTS };
  for (const key of Object.keys(values) as (keyof typeof values)[])
    values[key] = url.searchParams.get(key) ?? values[key];
  return api.queryOptions('get', '/api/media/candidates', { params: { query: listQuery(values) } });
}

/** The dashboard's figures at once, and its alerts as soon as the session names an admin. */
async function dashboardFirstReads() {
  const figures = queryClient.prefetchQuery(api.queryOptions('get', '/api/dashboard', {}));
  // The shell's own session query (main.tsx started it); a failure is the shell's to show.
  const me = await queryClient
    .ensureQueryData(api.queryOptions('get', '/api/auth/me', {}))
    .catch(() => null);
  if (me?.user.role === 'admin') await queryClient.prefetchQuery(activeAlertsQuery());
  await figures;
}

// Shown while a screen's chunk loads on the first visit (react-router's hydration fallback).
const Loading = () => <div className="splash" aria-busy="true" />;

const routes: RouteObject[] = [
  {
    path: '/setup',
    lazy: user(() => import('../features/auth/SetupPage').then((m) => m.SetupPage)),
  },
  {
    path: '/login',
    lazy: user(() => import('../features/auth/LoginPage').then((m) => m.LoginPage)),
  },
  {
    path: '/',
    Component: Shell,
    HydrateFallback: Loading,
    children: [
      {
        index: true,
        loader: prefetch(dashboardFirstReads),
        lazy: user(() =>
          import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage),
        ),
      },
      {
        path: 'candidates',
        loader: prefetch((url) => queryClient.prefetchQuery(candidatesFirstPage(url))),
        lazy: user(() =>
          import('../features/candidates/CandidatesPage').then((m) => m.CandidatesPage),
        ),
      },
      {
        path: 'library',
        lazy: user(() => import('../features/library/LibraryPage').then((m) => m.LibraryPage)),
      },
      {
        path: 'library/:mediaType/:mediaId',
        lazy: user(() =>
          import('../features/library/MediaDetailPage').then((m) => m.MediaDetailPage),
        ),
      },
      {
        path: 'protections',
        lazy: user(() =>
          import('../features/protections/ProtectionsPage').then((m) => m.ProtectionsPage),
        ),
      },
      {
        path: 'requests',
        lazy: user(() => import('../features/requests/RequestsPage').then((m) => m.RequestsPage)),
      },
      {
        path: 'rules',
        lazy: admin(() => import('../features/rules/RulesPage').then((m) => m.RulesPage)),
      },
      {
        path: 'rules/:ruleId',
        lazy: admin(() => import('../features/rules/RuleEditorPage').then((m) => m.RuleEditorPage)),
      },
      {
        path: 'tasks',
        lazy: admin(() => import('../features/tasks/TasksPage').then((m) => m.TasksPage)),
      },
      {
        path: 'settings/*',
        lazy: admin(() => import('../features/settings/SettingsPage').then((m) => m.SettingsPage)),
      },
      {
        path: 'notices',
        lazy: user(() => import('../features/notices/NoticesPage').then((m) => m.NoticesPage)),
      },
      { path: '*', Component: NotFound },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: basePath || '/' });
