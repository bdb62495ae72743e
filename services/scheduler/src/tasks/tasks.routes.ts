import type { Router } from 'express';
import { Forbidden, idempotencyScope, Input, principalOf, sendOutcome } from '@mcs/kit';
import type { RunService } from '../runs/run.service';
import type { TaskService } from './task.service';
import type { TriggerService } from './trigger.service';

interface Deps {
  tasks: TaskService;
  runs: RunService;
  trigger: TriggerService;
}

/** External task routes (external-api.md §2.9), served behind the gateway. */
export function taskRoutes(api: Router, services: Deps): void {
  api.get('/v1/tasks', async (_req, res) => {
    res.json(await services.tasks.list());
  });

  api.get('/v1/tasks/:task_id', async (req, res) => {
    res.json(await services.tasks.get(req.params.task_id));
  });

  api.get('/v1/tasks/:task_id/runs', async (req, res) => {
    const query = new Input('query', req.query);
    const paging = query.paging();
    query.done();
    res.json(await services.runs.ofTask(req.params.task_id, paging));
  });

  api.post('/v1/tasks/:task_id/run', async (req, res) => {
    Input.body(req.body); // a body is ignored, but must be an object if sent
    const principal = principalOf(res);
    if (principal.type !== 'api_token')
      throw new Forbidden('forbidden', 'This route is for API tokens.');
    const outcome = await services.trigger.trigger({
      taskId: req.params.task_id,
      trigger: 'api',
      requestedBy: { type: 'api_token', id: principal.id },
      idempotency: idempotencyScope(req, principal),
    });
    sendOutcome(res, outcome);
  });
}
