import type { Router } from 'express';
import type { Services } from '../app';
import { taskRoutes } from './task.routes';

/** Every route of the scheduler, under /api behind the gateway signature. */
export function mountRoutes(api: Router, services: Services): void {
  taskRoutes(api, services);
}
