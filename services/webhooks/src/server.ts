import { join } from 'node:path';
import { startService, type StartedService } from '@mcs/kit';
import type { WebhooksConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';

export type WebhooksService = StartedService<Db>;

export function startWebhooks(
  config: WebhooksConfig,
  options: { handleSignals?: boolean } = {},
): Promise<WebhooksService> {
  return startService({
    service: SCHEMA,
    config: config.runtime,
    migrations: join(__dirname, '..', 'prisma', 'migrations'),
    handleSignals: options.handleSignals,
    createDb,
  });
}
