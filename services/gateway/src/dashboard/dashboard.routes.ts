import { Unauthorized } from '@mcs/kit';
import { userPrincipal } from '../http/internal';
import { json, type Handler, type HandlerContext } from '../operation';
import type { DashboardService } from './dashboard.service';

/**
 * `GET /api/dashboard`, `/api/info/sidebar-indicators`, `/api/info/ui-indicators`
 * (internal-api.md 5): gateway operations composed from the owners' parts.
 */
export function dashboardRoutes(deps: { dashboard: DashboardService }): Record<string, Handler> {
  const { dashboard } = deps;
  return {
    getDashboard: async (context) => json(200, await dashboard.dashboard(caller(context))),
    getSidebarIndicators: async (context) => json(200, await dashboard.sidebar(caller(context))),
    getUiIndicators: async (context) => json(200, await dashboard.ui(caller(context))),
  };
}

/** The contract makes these `x-access: user`, so the pipeline has a session here. */
function caller({ session }: HandlerContext) {
  if (!session) throw new Unauthorized('unauthenticated', 'Log in to use this route.');
  return userPrincipal(session.user);
}
