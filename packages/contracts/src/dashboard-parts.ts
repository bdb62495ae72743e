import type { components } from './generated/internal';

/**
 * The dashboard's and indicators' parts (internal-api.md 5): the gateway composes each answer
 * from one signed call per owning service. The part routes are not in internal.yaml, so the
 * gateway never forwards them from outside; only its own signature (with the caller's user
 * principal) reaches them. Each part carries exactly the answer's fields its owner holds, so
 * the shapes are picked from the public schemas and cannot drift from them.
 */
type Schemas = components['schemas'];
type Dashboard = Schemas['Dashboard'];
type Ui = Schemas['UiIndicators'];

/** `GET <owner>/api/dashboard/part?view=<view>`. */
export const DASHBOARD_PART_PATH = '/api/dashboard/part';
export const DASHBOARD_VIEWS = ['dashboard', 'sidebar', 'ui'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** What a part can hold: a failed part is null as a whole, never a partial answer. */
type Present<T> = { [K in keyof T]: Exclude<T[K], null> };

export interface DashboardParts {
  catalog: {
    dashboard: { library: Present<Dashboard>['library']; disks: Dashboard['disks'] };
    ui: Present<Pick<Ui, 'has_main_server' | 'sources_unavailable'>>;
  };
  cleanup: {
    dashboard: Pick<Dashboard, 'candidates'> &
      Present<Pick<Dashboard, 'reclaimed' | 'protections_active' | 'requests'>>;
    sidebar: Pick<Schemas['SidebarIndicators'], 'candidates' | 'active_alerts'> &
      Present<
        Pick<
          Schemas['SidebarIndicators'],
          'pending_protection_requests' | 'pending_delete_requests' | 'unread_notices'
        >
      >;
  };
  scheduler: {
    dashboard: Pick<
      Dashboard,
      'next_auto_delete_at' | 'last_media_sync_at' | 'last_candidate_scan_at'
    > &
      Present<Pick<Dashboard, 'auto_delete_task_enabled'>>;
    ui: Present<Pick<Ui, 'auto_delete_enabled' | 'running_tasks'>>;
  };
}
