import {
  encryptionKeysVars,
  env,
  loadConfigOrExit,
  runtimeConfig,
  runtimeVars,
  type Env,
  type ServiceConfig,
} from '@mcs/kit';

export interface SchedulerConfig extends ServiceConfig {
  /** Keys sealing the general settings' secrets, the current one first (docs/decisions/025). */
  encryptionKeys: string[];
  /** Where catalog checks move destinations; unset (tests without catalog): 503 on a change. */
  catalogUrl?: string;
  /**
   * Whether the gateway limits requests per token: `GET /api/v1/system` lists `rate-limits`
   * only then. The same deployment variable the gateway reads, so the two cannot disagree.
   * Unset (tests): limited, the default.
   */
  rateLimited?: boolean;
}

const schema = {
  ...runtimeVars(8103),
  ...encryptionKeysVars(),
  CATALOG_URL: env.url('http://127.0.0.1:8101', ['http', 'https']),
  RATE_LIMIT_PER_MINUTE: env.int(1200, { min: 0, max: 1_000_000 }),
};

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): SchedulerConfig {
  return loadConfigOrExit(
    schema,
    (vars) => ({
      runtime: runtimeConfig(vars),
      rateLimited: vars.RATE_LIMIT_PER_MINUTE > 0,
      encryptionKeys: vars.ENCRYPTION_KEYS,
      catalogUrl: vars.CATALOG_URL,
    }),
    source,
  );
}
