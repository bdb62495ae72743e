import { join } from 'node:path';
import { startService, type StartedService } from '@mcs/kit';
import type { SchedulerConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';

export type SchedulerService = StartedService<Db>;

export function startScheduler(
  config: SchedulerConfig,
  options: { handleSignals?: boolean } = {},
): Promise<SchedulerService> {
  return startService({
    service: SCHEMA,
    config: config.runtime,
    migrations: join(__dirname, '..', 'prisma', 'migrations'),
    handleSignals: options.handleSignals,
    createDb,
  });
}
