import { join } from 'node:path';
import { createHttpApp, startRuntime, type Runtime } from '@mcs/kit';
import type { GatewayConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';
import { serviceChecks } from './health';
import { statusRoutes } from './routes/status.routes';

export interface GatewayService {
  runtime: Runtime;
  db: Db;
  url: string;
  stop(): Promise<void>;
}

export async function startGateway(
  config: GatewayConfig,
  options: { handleSignals?: boolean } = {},
): Promise<GatewayService> {
  const runtime = await startRuntime({
    service: SCHEMA,
    config: config.runtime,
    migrations: join(__dirname, '..', 'prisma', 'migrations'),
    handleSignals: options.handleSignals,
  });
  const db = createDb(runtime.pool);
  runtime.onStop({ name: 'prisma', close: () => db.$disconnect() });
  Object.assign(runtime.checks, serviceChecks(config.services));
  const app = createHttpApp({
    log: runtime.log,
    metrics: runtime.metrics,
    routes: (root) => {
      runtime.opsRoutes(root);
      root.use(statusRoutes(runtime.version));
    },
  });
  const server = await runtime.serve(app);
  return { runtime, db, url: `http://127.0.0.1:${server.port}`, stop: runtime.stop };
}
