import { api } from '../../api/client';

/**
 * The dashboard's active alerts: shared by the alerts section and the route's loader, which asks
 * for them as soon as the session says the user is an administrator, not once the dashboard has
 * rendered (bench/web).
 */
export const activeAlertsQuery = () =>
  api.queryOptions('get', '/api/alerts', {
    params: { query: { active_only: true, per_page: 50 } },
  });
