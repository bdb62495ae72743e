import type { Router } from 'express';
import { DASHBOARD_VIEWS } from '@mcs/contracts';
import { Input, requireUser } from '@mcs/kit';
import type { DashboardService } from './dashboard.service';

/**
 * The scheduler's part of `GET /api/dashboard` and `/api/info/ui-indicators` (internal-api.md
 * 5), at DASHBOARD_PART_PATH. Not in internal.yaml, so the gateway never forwards it from
 * outside: only the gateway's own signature with a user principal reaches it.
 */
export function dashboardRoutes(api: Router, services: { dashboard: DashboardService }): void {
  api.get('/dashboard/part', async (req, res) => {
    requireUser(res, 'user');
    const query = new Input('query', req.query);
    const view = query.oneOf('view', DASHBOARD_VIEWS) ?? 'dashboard';
    query.done();
    switch (view) {
      case 'dashboard':
        res.json(await services.dashboard.dashboard());
        return;
      case 'ui':
        res.json(await services.dashboard.ui());
        return;
      case 'sidebar':
        // Nothing of the sidebar lives in the scheduler.
        res.json({});
        return;
    }
  });
}
