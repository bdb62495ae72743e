import type { Router } from 'express';
import { Input, requireUser } from '@mcs/kit';
import type { ScheduleType } from '../domain/task-catalogue';
import type { RunStatus, RunTrigger } from '../domain/task-state';
import type { RunService } from '../runs/run.service';
import type { TaskScheduleService } from './task-schedule.service';
import type { TaskService } from './task.service';
import type { TriggerService } from './trigger.service';

const SCHEDULE_TYPES: readonly ScheduleType[] = ['interval', 'cron', 'manual'];
const RUN_STATUSES: readonly RunStatus[] = ['queued', 'running', 'completed', 'error'];
const RUN_TRIGGERS: readonly RunTrigger[] = ['schedule', 'manual', 'api'];

/** The administrators' task routes (internal-api.md §7). */
export function taskAdminRoutes(
  api: Router,
  services: {
    tasks: TaskService;
    runs: RunService;
    trigger: TriggerService;
    taskSchedules: TaskScheduleService;
  },
): void {
  api.get('/tasks/tasks', async (_req, res) => {
    requireUser(res, 'admin');
    res.json(await services.tasks.adminList());
  });

  api.get('/tasks/tasks/:task_id', async (req, res) => {
    requireUser(res, 'admin');
    res.json(await services.tasks.adminGet(req.params.task_id));
  });

  api.post('/tasks/tasks/:task_id/run', async (req, res) => {
    const user = requireUser(res, 'admin');
    Input.body(req.body); // no fields, but a body, if sent, must be an object
    const outcome = await services.trigger.runManually(req.params.task_id, user.id);
    res.status(outcome.status).json(outcome.body);
  });

  api.put('/tasks/tasks/:task_id/schedule', async (req, res) => {
    requireUser(res, 'admin');
    const body = Input.body(req.body);
    for (const name of ['schedule_type', 'schedule_value', 'enabled']) body.required(name);
    const type = body.oneOf('schedule_type', SCHEDULE_TYPES);
    const value = body.string('schedule_value', { min: 0, max: 200 });
    const enabled = body.boolean('enabled');
    body.done();
    const change = { schedule: { type: type!, value: value! }, enabled: enabled! };
    res.json(await services.taskSchedules.change(req.params.task_id, change));
  });

  api.get('/tasks/history', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const filter = {
      taskId: query.string('task_id', { min: 1, max: 64 }),
      status: query.oneOf('status', RUN_STATUSES),
      trigger: query.oneOf('trigger', RUN_TRIGGERS),
    };
    const paging = query.paging();
    query.done();
    res.json(await services.runs.history(filter, paging));
  });
}
