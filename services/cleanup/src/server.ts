import {
  purgeExpiredIdempotency,
  startHousekeeping,
  startService,
  systemClock,
  type Clock,
  type StartedService,
  type StartOptions,
} from '@mcs/kit';
import { createServices, type Services } from './app';
import type { CleanupConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';
import { requestBackfillIfEmpty } from './messaging/backfill';
import { mediaConsumer } from './messaging/media-consumer';
import { mountRoutes } from './routes';

export type CleanupService = StartedService<Db> & { services: Services };

export async function startCleanup(
  config: CleanupConfig,
  options: StartOptions & { clock?: Clock } = {},
): Promise<CleanupService> {
  const clock = options.clock ?? systemClock;
  let services: Services | undefined;
  const service = await startService(
    {
      service: SCHEMA,
      dir: __dirname,
      createDb,
      mount: (api, runtime, db) => {
        services = createServices({ db, outbox: runtime.outbox, clock });
        mountRoutes(api, services);
      },
    },
    config,
    options,
  );
  const ready = services as Services;
  const consumer = mediaConsumer(service.runtime, service.db, ready.mediaProjection, clock);
  await consumer.start();
  service.runtime.onStop({ name: 'media consumer', close: () => consumer.stop() });
  // Cleanup's part of weekly_house_keeping: idempotency records past the gateway's retention.
  await startHousekeeping(service.runtime, {
    service: 'cleanup',
    db: service.db,
    clock,
    purge: async (tx) => ({
      idempotency_records_purged: await purgeExpiredIdempotency(tx, SCHEMA),
    }),
  });
  if (await requestBackfillIfEmpty(service.db, service.runtime.outbox)) {
    service.runtime.log.info('media projection is empty: asked catalog for a backfill');
  }
  return { ...service, services: ready };
}
