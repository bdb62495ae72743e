import type { Router } from 'express';
import { pathId, requireUser } from '@mcs/kit';
import type { QueuedJobService } from './queued-job.service';

/** Cleanup's queued jobs (internal-api.md 11); the gateway sends only ids of cleanup's block. */
export function queuedJobRoutes(api: Router, queuedJobs: QueuedJobService): void {
  api.get('/jobs/:job_id', async (req, res) => {
    const viewer = requireUser(res, 'user');
    res.json(await queuedJobs.get(pathId(req.params, 'job_id'), viewer));
  });
}
