import express, { type Router } from 'express';
import { PRODUCT_NAME } from '@mcs/kit';
import type { UpdateCheckService } from '../updates/update-check.service';

/** GET /version and GET /update-status: always answer, before setup too (internal-api.md §3). */
export function statusRoutes(version: string, updates: UpdateCheckService): Router {
  const router = express.Router();
  router.get('/version', (_req, res) => {
    res.json({ program: PRODUCT_NAME, version, api_version: 'v1', commit: null, build_date: null });
  });
  // Never a network call: the stored result of housekeeping's release check, if it is on.
  router.get('/update-status', async (_req, res) => {
    res.json(await updates.status());
  });
  return router;
}
