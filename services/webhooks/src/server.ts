import { startService, type StartOptions } from '@mcs/kit';
import type { WebhooksConfig } from './config';
import { createDb, SCHEMA } from './db';

/** The webhooks service so far: ops routes and its internal API behind the gateway signature. */
export const startWebhooks = (config: WebhooksConfig, options?: StartOptions) =>
  startService({ service: SCHEMA, dir: __dirname, createDb }, config, options);
