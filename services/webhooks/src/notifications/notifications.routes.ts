import { requireUser } from '@mcs/kit';
import type { Router } from 'express';
import type { NotificationsService } from './notifications.service';

/** The notification channels' test (internal-api.md 6.2), administrators only. */
export function notificationRoutes(
  api: Router,
  services: { notifications: NotificationsService },
): void {
  api.post('/settings/notifications/test', async (req, res) => {
    requireUser(res, 'admin');
    res.json(await services.notifications.test(req.body));
  });
}
