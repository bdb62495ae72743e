import { createBrowserRouter, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { basePath } from '../api/client';
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
        lazy: user(() =>
          import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage),
        ),
      },
      {
        path: 'candidates',
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
