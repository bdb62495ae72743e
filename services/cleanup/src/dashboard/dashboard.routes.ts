import type { Router } from 'express';
import { DASHBOARD_VIEWS } from '@mcs/contracts';
import { Input, requireUser } from '@mcs/kit';
import type { DashboardService } from './dashboard.service';

/**
 * cleanup's part of `GET /api/dashboard` and `/api/info/sidebar-indicators` (internal-api.md 5),
 * at DASHBOARD_PART_PATH.
 * Not in internal.yaml, so the gateway never forwards it from outside: only the gateway's own
 * signature with a user principal reaches it (kit internal-auth lets no other signer speak
 * for a user).
 */
export function dashboardRoutes(api: Router, dashboard: DashboardService): void {
  api.get('/dashboard/part', async (req, res) => {
    const user = requireUser(res, 'user');
    const query = new Input('query', req.query);
    const view = query.oneOf('view', DASHBOARD_VIEWS) ?? 'dashboard';
    query.done();
    switch (view) {
      case 'dashboard':
        res.json(await dashboard.dashboard(user));
        return;
      case 'sidebar':
        res.json(await dashboard.sidebar(user));
        return;
      case 'ui':
        // Nothing of the UI indicators lives in cleanup.
        res.json({});
        return;
    }
  });
}
