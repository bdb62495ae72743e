import {
  housekeepingConsumer,
  SecretBox,
  startService,
  systemClock,
  type StartedService,
  type StartOptions,
} from '@mcs/kit';
import { gatewayApp } from './app';
import type { GatewayConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';
import { purgeGatewayData } from './housekeeping/housekeeping.service';
import { gatewayServices, type GatewayServices } from './services';

export type GatewayService = StartedService<Db> & { services: GatewayServices };

/** The gateway: its app on the public port, /metrics on the metrics port (METRICS_PORT). */
export const startGateway = (
  config: GatewayConfig,
  options?: StartOptions,
): Promise<GatewayService> =>
  startService(
    {
      service: SCHEMA,
      dir: __dirname,
      // Fails the start before anything else when ENCRYPTION_KEYS cannot make a box.
      prepare: ({ encryptionKeys }) => ({ box: new SecretBox(encryptionKeys) }),
      createDb,
      build: (runtime, db, { box }) => gatewayServices(runtime, db, config, box),
      app: gatewayApp,
      // The gateway's part of weekly_house_keeping: expired idempotency records and sessions,
      // and the release check when the administrator turned it on.
      consumers: (runtime, db, services) => [
        housekeepingConsumer(runtime, {
          service: 'gateway',
          db,
          clock: systemClock,
          purge: async (tx, now) => ({
            ...(await purgeGatewayData(tx, now)),
            releases_checked: await services.updates.checkIfEnabled(),
          }),
        }),
      ],
      settings: (services) => services.settings,
    },
    config,
    options,
  );
