import {
  housekeepingConsumer,
  startService,
  systemClock,
  type StartedService,
  type StartOptions,
} from '@mcs/kit';
import { gatewayApp } from './app';
import type { GatewayConfig } from './config';
import { createDb, SCHEMA, type Db } from './db';
import { purgeGatewayData } from './housekeeping/housekeeping.service';

export type GatewayService = StartedService<Db>;

/** The gateway: its app on the public port, /metrics on the metrics port (METRICS_PORT). */
export const startGateway = (
  config: GatewayConfig,
  options?: StartOptions,
): Promise<GatewayService> =>
  startService(
    {
      service: SCHEMA,
      dir: __dirname,
      createDb,
      app: gatewayApp,
      // The gateway's part of weekly_house_keeping: expired idempotency records and sessions.
      consumers: (runtime, db) => [
        housekeepingConsumer(runtime, {
          service: 'gateway',
          db,
          clock: systemClock,
          purge: purgeGatewayData,
        }),
      ],
    },
    config,
    options,
  );
