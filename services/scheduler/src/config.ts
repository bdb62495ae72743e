import { loadServiceConfig, type Env, type ServiceConfig } from '@mcs/kit';

export type SchedulerConfig = ServiceConfig;

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): SchedulerConfig {
  return loadServiceConfig(8103, source);
}
