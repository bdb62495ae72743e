import { startService, type StartOptions } from '@mcs/kit';
import type { SchedulerConfig } from './config';
import { createDb, SCHEMA } from './db';

/** The scheduler so far: ops routes and its internal API behind the gateway signature. */
export const startScheduler = (config: SchedulerConfig, options?: StartOptions) =>
  startService({ service: SCHEMA, dir: __dirname, createDb }, config, options);
