import {
  encryptionKeysVars,
  env,
  loadConfigOrExit,
  runtimeConfig,
  runtimeVars,
  type Env,
} from '@mcs/kit';
import { DEFAULT_LIMITS, type UpstreamLimits } from './integrations/limits';

const DELAYS = /^\d{1,6}(,\d{1,6}){0,9}$/;
const KiB = 1024;
const MiB = 1024 * KiB;

const schema = {
  ...runtimeVars(8101),
  /** Keys for service credentials at rest, the current one first. */
  ...encryptionKeysVars(),
  // The domain settings of domain.md 11 (guard ratio, fallback, pacing, moves) are general
  // settings (src/settings.ts, docs/decisions/025), not environment variables.
  /** Waits before each verification read after a file operation (domain.md 6.7). */
  FILE_OPERATION_VERIFY_DELAYS_MS: env.pattern('5000,15000,40000', DELAYS, 'comma-separated ms'),
  /** Concurrent jobs of the catalog worker (task runs, file operations, backfills). */
  JOB_CONCURRENCY: env.int(2, { min: 1, max: 16 }),
  CATALOG_DASHBOARD_CACHE_TTL_MS: env.int(5000, { min: 0, max: 600_000 }),
  // Caps on what an upstream may send (decision 021). A buffered answer is held whole (and
  // read as one string, which V8 keeps under 512 MiB); lists are streamed element by element.
  UPSTREAM_RESPONSE_MAX_MB: env.int(DEFAULT_LIMITS.responseBytes / MiB, { min: 1, max: 256 }),
  UPSTREAM_LIST_MAX_MB: env.int(DEFAULT_LIMITS.listBytes / MiB, { min: 1, max: 65536 }),
  UPSTREAM_LIST_ELEMENT_MAX_KB: env.int(DEFAULT_LIMITS.elementBytes / KiB, { min: 1, max: 65536 }),
};

/** Timings of the file-operation executor (not general settings: operational tuning). */
export interface ExecutorTimings {
  verifyDelaysMs: number[];
}

export interface CatalogConfig {
  runtime: ReturnType<typeof runtimeConfig>;
  encryptionKeys: string[];
  timings: ExecutorTimings;
  jobConcurrency: number;
  upstreamLimits: UpstreamLimits;
  /** How long the dashboard's library counts are reused by this process (0: always fresh). */
  dashboardCacheTtlMs: number;
}

export const DEFAULT_TIMINGS: ExecutorTimings = {
  verifyDelaysMs: [5000, 15000, 40000],
};

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): CatalogConfig {
  return loadConfigOrExit(
    schema,
    (vars) => ({
      runtime: runtimeConfig(vars),
      encryptionKeys: vars.ENCRYPTION_KEYS,
      timings: {
        verifyDelaysMs: vars.FILE_OPERATION_VERIFY_DELAYS_MS.split(',').map(Number),
      },
      jobConcurrency: vars.JOB_CONCURRENCY,
      dashboardCacheTtlMs: vars.CATALOG_DASHBOARD_CACHE_TTL_MS,
      upstreamLimits: {
        responseBytes: vars.UPSTREAM_RESPONSE_MAX_MB * MiB,
        listBytes: vars.UPSTREAM_LIST_MAX_MB * MiB,
        elementBytes: vars.UPSTREAM_LIST_ELEMENT_MAX_KB * KiB,
      },
    }),
    source,
  );
}
