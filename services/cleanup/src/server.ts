import { join } from 'node:path';
import { startService, type StartedService } from '@mcs/kit';
import type { CleanupConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';

export type CleanupService = StartedService<Db>;

export function startCleanup(
  config: CleanupConfig,
  options: { handleSignals?: boolean } = {},
): Promise<CleanupService> {
  return startService({
    service: SCHEMA,
    config: config.runtime,
    migrations: join(__dirname, '..', 'prisma', 'migrations'),
    handleSignals: options.handleSignals,
    createDb,
  });
}
