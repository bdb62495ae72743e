import { join } from 'node:path';
import { startService, type StartedService } from '@mcs/kit';
import type { CatalogConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';

export type CatalogService = StartedService<Db>;

export function startCatalog(
  config: CatalogConfig,
  options: { handleSignals?: boolean } = {},
): Promise<CatalogService> {
  return startService({
    service: SCHEMA,
    config: config.runtime,
    migrations: join(__dirname, '..', 'prisma', 'migrations'),
    handleSignals: options.handleSignals,
    createDb,
  });
}
