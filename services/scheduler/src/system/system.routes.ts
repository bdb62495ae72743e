import type { Router } from 'express';
import type { SystemService } from './system.service';

/** GET /api/v1/system (external-api.md §2.8), served behind the gateway. */
export function systemRoutes(api: Router, services: { system: SystemService }): void {
  api.get('/v1/system', async (_req, res) => {
    res.json(await services.system.describe());
  });
}
