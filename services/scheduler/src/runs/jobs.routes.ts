import type { Router } from 'express';
import { pathId, requireUser } from '@mcs/kit';
import type { RunService } from './run.service';

/**
 * Task runs as jobs (internal-api.md 11): the gateway sends the ids of the scheduler's block
 * here; the service decides who may read one.
 */
export function jobRoutes(api: Router, services: { runs: RunService }): void {
  api.get('/jobs/:job_id', async (req, res) => {
    const viewer = requireUser(res, 'user');
    res.json(await services.runs.job(pathId(req.params, 'job_id'), viewer));
  });
}
