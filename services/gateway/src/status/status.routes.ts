import express, { type Router } from 'express';
import type { InternalApi } from '@mcs/contracts';
import { PRODUCT_NAME } from '@mcs/kit';

type UpdateStatus = InternalApi.components['schemas']['UpdateStatus'];

/** GET /version and GET /update-status: always answer, before setup too (internal-api.md §3). */
export function statusRoutes(version: string): Router {
  const router = express.Router();
  router.get('/version', (_req, res) => {
    res.json({ program: PRODUCT_NAME, version, api_version: 'v1', commit: null, build_date: null });
  });
  router.get('/update-status', (_req, res) => {
    res.json(updateStatus(version));
  });
  return router;
}

/**
 * Never a network call: the release check is an opt-in of weekly housekeeping
 * (`update_check_enabled`, off by default), and this route only reports its cached result.
 * The setting arrives with the general settings; until then no check runs, so there is no
 * result to report and every field about it is null.
 */
function updateStatus(version: string): UpdateStatus {
  return {
    current_version: version,
    latest_version: null,
    update_available: null,
    checked_at: null,
    check_enabled: false,
    release_url: null,
  };
}
