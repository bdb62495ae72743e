import { loadServiceConfig, type Env, type ServiceConfig } from '@mcs/kit';

export type CleanupConfig = ServiceConfig;

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): CleanupConfig {
  return loadServiceConfig(8102, source);
}
