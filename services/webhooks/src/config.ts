import { loadServiceConfig, type Env, type ServiceConfig } from '@mcs/kit';

export type WebhooksConfig = ServiceConfig;

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): WebhooksConfig {
  return loadServiceConfig(8104, source);
}
