import { join } from 'node:path';
import { startService, type StartedService } from '@mcs/kit';
import { createServices, type Services } from './app';
import { type Clock, systemClock } from './clock';
import type { CleanupConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';
import { requestBackfillIfEmpty } from './messaging/backfill';
import { mediaConsumer } from './messaging/media-consumer';
import { mountRoutes } from './routes';

export type CleanupService = StartedService<Db> & { services: Services };

export async function startCleanup(
  config: CleanupConfig,
  options: { handleSignals?: boolean; clock?: Clock } = {},
): Promise<CleanupService> {
  const clock = options.clock ?? systemClock;
  let services: Services | undefined;
  const service = await startService({
    service: SCHEMA,
    config: config.runtime,
    migrations: join(__dirname, '..', 'prisma', 'migrations'),
    handleSignals: options.handleSignals,
    createDb,
    mount: (api, runtime, db) => {
      services = createServices({ db, outbox: runtime.outbox, clock });
      mountRoutes(api, services);
    },
  });
  const ready = services as Services;
  const consumer = mediaConsumer(service.runtime, service.db, ready.mediaProjection, clock);
  await consumer.start();
  service.runtime.onStop({ name: 'media consumer', close: () => consumer.stop() });
  if (await requestBackfillIfEmpty(service.db, service.runtime.outbox)) {
    service.runtime.log.info('media projection is empty: asked catalog for a backfill');
  }
  return { ...service, services: ready };
}
