import { join } from 'node:path';
import { createHttpApp, startService, type StartedService } from '@mcs/kit';
import type { GatewayConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';
import { serviceChecks } from './health';
import { statusRoutes } from './routes/status.routes';

export type GatewayService = StartedService<Db>;

export function startGateway(
  config: GatewayConfig,
  options: { handleSignals?: boolean } = {},
): Promise<GatewayService> {
  return startService({
    service: SCHEMA,
    config: config.runtime,
    migrations: join(__dirname, '..', 'prisma', 'migrations'),
    handleSignals: options.handleSignals,
    createDb,
    app: (runtime) => {
      Object.assign(runtime.checks, serviceChecks(config.services));
      return createHttpApp({
        log: runtime.log,
        metrics: runtime.metrics,
        routes: (root) => {
          runtime.opsRoutes(root);
          root.use(statusRoutes(runtime.version));
        },
      });
    },
  });
}
