import {
  env,
  loadConfigOrExit,
  runtimeConfig,
  runtimeVars,
  type Env,
  type ServiceConfig,
} from '@mcs/kit';

export interface CleanupConfig extends ServiceConfig {
  /**
   * How long a scan or automatic deletion run waits for catalog's fresh inputs (domain.md 4.1
   * step 2, 6.1 step 3): then a scan fails naming the cause, and a deletion run acts on nothing
   * it could not verify. Unset (tests): the default.
   */
  inputRefreshTimeoutMs?: number;
  /**
   * How long the dashboard's shared figures (candidate counts, reclaimed totals, protections,
   * requests, alerts) are reused by this process. Unset (tests): 0, always fresh.
   */
  dashboardCacheTtlMs?: number;
}

export const DEFAULT_INPUT_REFRESH_TIMEOUT_MS = 120_000;

const schema = {
  ...runtimeVars(8102),
  CLEANUP_INPUT_REFRESH_TIMEOUT_MS: env.int(DEFAULT_INPUT_REFRESH_TIMEOUT_MS, {
    min: 1000,
    max: 3_600_000,
  }),
  CLEANUP_DASHBOARD_CACHE_TTL_MS: env.int(5000, { min: 0, max: 600_000 }),
};

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): CleanupConfig {
  return loadConfigOrExit(
    schema,
    (vars) => ({
      runtime: runtimeConfig(vars),
      inputRefreshTimeoutMs: vars.CLEANUP_INPUT_REFRESH_TIMEOUT_MS,
      dashboardCacheTtlMs: vars.CLEANUP_DASHBOARD_CACHE_TTL_MS,
    }),
    source,
  );
}
