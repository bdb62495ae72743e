import { env, loadConfigOrExit, runtimeConfig, runtimeVars, type Env } from '@mcs/kit';

const http = ['http', 'https'] as const;

const schema = {
  ...runtimeVars(8000),
  CATALOG_URL: env.url('http://127.0.0.1:8101', http),
  CLEANUP_URL: env.url('http://127.0.0.1:8102', http),
  SCHEDULER_URL: env.url('http://127.0.0.1:8103', http),
  WEBHOOKS_URL: env.url('http://127.0.0.1:8104', http),
  INTERNAL_TIMEOUT_MS: env.int(10000, { min: 100, max: 120000 }),
};

export type ServiceName = 'catalog' | 'cleanup' | 'scheduler' | 'webhooks';

export interface GatewayConfig {
  runtime: ReturnType<typeof runtimeConfig>;
  services: Record<ServiceName, string>;
  internalTimeoutMs: number;
}

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): GatewayConfig {
  return loadConfigOrExit(
    schema,
    (vars) => ({
      runtime: runtimeConfig(vars),
      services: {
        catalog: vars.CATALOG_URL,
        cleanup: vars.CLEANUP_URL,
        scheduler: vars.SCHEDULER_URL,
        webhooks: vars.WEBHOOKS_URL,
      },
      internalTimeoutMs: vars.INTERNAL_TIMEOUT_MS,
    }),
    source,
  );
}
