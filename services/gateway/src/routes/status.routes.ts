import express, { type Router } from 'express';

/** GET /version: always answers, before setup too (internal-api.md §3). */
export function statusRoutes(version: string): Router {
  const router = express.Router();
  router.get('/version', (_req, res) => {
    res.json({
      program: 'Media Cleanup Service',
      version,
      api_version: 'v1',
      commit: null,
      build_date: null,
    });
  });
  return router;
}
