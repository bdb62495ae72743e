import { join } from 'node:path';
import { serveInternalApi, startRuntime, type Runtime } from '@mcs/kit';
import type { SchedulerConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';

export interface SchedulerService {
  runtime: Runtime;
  db: Db;
  url: string;
  stop(): Promise<void>;
}

export async function startScheduler(
  config: SchedulerConfig,
  options: { handleSignals?: boolean } = {},
): Promise<SchedulerService> {
  const runtime = await startRuntime({
    service: SCHEMA,
    config: config.runtime,
    migrations: join(__dirname, '..', 'prisma', 'migrations'),
    handleSignals: options.handleSignals,
  });
  const db = createDb(runtime.pool);
  runtime.onStop({ name: 'prisma', close: () => db.$disconnect() });
  const server = await serveInternalApi(runtime);
  return { runtime, db, url: `http://127.0.0.1:${server.port}`, stop: runtime.stop };
}
