import type { Router } from 'express';
import type { Services } from './app';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { pathsRoutes } from './paths/paths.routes';
import { writableRoutes } from './paths/writable.routes';
import { fileOperationRoutes } from './operations/file-operation.routes';
import { mediaRoutes } from './media/media.routes';
import { serviceSettingsRoutes } from './service-settings/service-settings.routes';

/** Every route of the catalog service, under /api behind the gateway signature. */
export function mountRoutes(api: Router, services: Services): void {
  mediaRoutes(api, services.media);
  serviceSettingsRoutes(api, services.serviceSettings);
  pathsRoutes(api, services.paths);
  writableRoutes(api, services.writablePaths);
  fileOperationRoutes(api, services.operationPaths);
  dashboardRoutes(api, services.dashboard);
}
