import type { Router } from 'express';
import type { Services } from '../app';
import { jobRoutes } from './job.routes';
import { systemRoutes } from './system.routes';
import { taskAdminRoutes } from './task-admin.routes';
import { taskRoutes } from './task.routes';

/** Every route of the scheduler, under /api behind the gateway signature. */
export function mountRoutes(api: Router, services: Services): void {
  taskRoutes(api, services);
  taskAdminRoutes(api, services);
  systemRoutes(api, services);
  jobRoutes(api, services);
}
