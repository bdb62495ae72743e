import type { Router } from 'express';
import type { Services } from '../app';
import { pathsRoutes } from '../paths/paths.routes';
import { fileOperationRoutes } from './file-operation.routes';
import { mediaRoutes } from './media.routes';
import { serviceConfigRoutes } from './service-config.routes';

/** Every route of the catalog service, under /api behind the gateway signature. */
export function mountRoutes(api: Router, services: Services): void {
  mediaRoutes(api, services.media);
  serviceConfigRoutes(api, services.serviceConfigs);
  pathsRoutes(api, services.paths);
  fileOperationRoutes(api, services.operationPaths);
}
