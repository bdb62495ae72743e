import type { Router } from 'express';
import { pathId, requireSystem } from '@mcs/kit';
import type { OperationPathsService } from './operation-paths.service';

/** For the webhooks service only (signed with its own key): a file operation's path values. */
export function fileOperationRoutes(api: Router, paths: OperationPathsService): void {
  api.get('/file-operations/:operation_id/paths', async (req, res) => {
    requireSystem(res, 'webhooks');
    res.json(await paths.get(pathId(req.params, 'operation_id')));
  });
}
