import { join } from 'node:path';
import { startService, type StartedService } from '@mcs/kit';
import { gatewayApp } from './app';
import type { GatewayConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';

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
    app: (runtime, db) => gatewayApp(runtime, db, config),
  });
}
