import type { Router } from 'express';
import { Input, pathId } from '@mcs/kit';
import type { DurationInput } from '../domain/protection-terms';
import { readTargetInput } from '../targets/target-input';
import type { ProtectionRequestService } from './protection-request.service';
import { requestCaller, requestDeskRoutes } from './request-desk.routes';

const STATUSES = ['pending', 'approved', 'denied', 'canceled', 'closed'] as const;

/** Protection requests (internal-api.md 9.1). */
export function protectionRequestRoutes(api: Router, requests: ProtectionRequestService): void {
  requestDeskRoutes(api, '/protection-requests', requests.desk, STATUSES);

  api.post('/protection-requests', async (req, res) => {
    const caller = requestCaller(res, 'user');
    const body = Input.body(req.body);
    const target = readTargetInput(body);
    const terms = {
      reason: body.reason(),
      durationDays: body.int('duration_days', { min: 1, max: 3650 }) ?? null,
    };
    body.done();
    res.status(201).json(await requests.create(target, terms, caller));
  });

  api.post('/protection-requests/:request_id/approve', async (req, res) => {
    const caller = requestCaller(res, 'admin');
    const id = pathId(req.params, 'request_id');
    const body = Input.body(req.body);
    const days = body.int('duration_days', { min: 1, max: 3650 });
    const permanent = body.boolean('permanent');
    if (permanent === false) body.fail('permanent', 'Must be true when given.');
    if (days !== undefined && permanent) body.fail('permanent', 'Give duration_days or permanent.');
    const duration: DurationInput | undefined = permanent
      ? { kind: 'permanent' }
      : days !== undefined
        ? { kind: 'days', days }
        : undefined;
    const adminNote = body.reason('admin_note');
    body.done();
    res.json(await requests.approve(id, { duration, adminNote }, caller));
  });
}
