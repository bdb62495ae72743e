import type { Router } from 'express';
import { Input, pathId } from '@mcs/kit';
import { readTargetInput } from '../targets/target-input';
import type { DeleteRequestService } from './delete-request.service';
import { requestCaller, requestDeskRoutes } from '../requests/request-desk.routes';

const STATUSES = [
  'pending',
  'approved',
  'completed',
  'failed',
  'denied',
  'canceled',
  'closed',
] as const;

/** Delete requests (internal-api.md 9.2). */
export function deleteRequestRoutes(api: Router, requests: DeleteRequestService): void {
  requestDeskRoutes(api, '/delete-requests', requests.desk, STATUSES);

  api.post('/delete-requests', async (req, res) => {
    const caller = requestCaller(res, 'user');
    const body = Input.body(req.body);
    const target = readTargetInput(body);
    const reason = body.reason();
    body.done();
    const created = await requests.create(target, reason, caller);
    res.status('job_id' in created ? 202 : 201).json(created);
  });

  api.post('/delete-requests/:request_id/approve', async (req, res) => {
    const caller = requestCaller(res, 'admin');
    const id = pathId(req.params, 'request_id');
    const body = Input.body(req.body);
    const approval = {
      operation: body.oneOf('operation', ['delete', 'move'] as const) ?? 'delete',
      arrAction: body.oneOf('arr_action', ['delete', 'unmonitor', 'unmonitor_only'] as const),
      adminNote: body.reason('admin_note'),
    };
    body.done();
    res.status(202).json(await requests.approve(id, approval, caller));
  });
}
