import type { Router } from 'express';
import type { SystemService } from './system.service';

/** GET /api/v1/system (external-api.md §2.8), served behind the gateway. */
export function systemRoutes(api: Router, services: { system: SystemService }): void {
  // then(), not async/await: a health probe's hot path, where each promise costs (kit context.ts).
  api.get('/v1/system', (_req, res) =>
    services.system.describe().then((system) => {
      res.json(system);
    }),
  );
}
