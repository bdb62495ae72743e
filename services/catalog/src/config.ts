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
  // Domain settings of domain.md 11 that catalog applies. They move to the general settings
  // (internal-api.md 6.1) once those exist; until then the environment sets them.
  SYNC_REMOVAL_GUARD_PERCENT: env.int(10, { min: 0, max: 100 }),
  MEDIA_SERVER_FALLBACK_ENABLED: env.bool(true),
  DELETE_PACING_SECONDS: env.int(2, { min: 0, max: 60 }),
  /** Waits before each verification read after a file operation (domain.md 6.7). */
  FILE_OPERATION_VERIFY_DELAYS_MS: env.pattern('5000,15000,40000', DELAYS, 'comma-separated ms'),
  /** Concurrent jobs of the catalog worker (task runs, file operations, backfills). */
  JOB_CONCURRENCY: env.int(2, { min: 1, max: 16 }),
  // Caps on what an upstream may send (decision 021). A buffered answer is held whole (and
  // read as one string, which V8 keeps under 512 MiB); lists are streamed element by element.
  UPSTREAM_RESPONSE_MAX_MB: env.int(DEFAULT_LIMITS.responseBytes / MiB, { min: 1, max: 256 }),
  UPSTREAM_LIST_MAX_MB: env.int(DEFAULT_LIMITS.listBytes / MiB, { min: 1, max: 65536 }),
  UPSTREAM_LIST_ELEMENT_MAX_KB: env.int(DEFAULT_LIMITS.elementBytes / KiB, { min: 1, max: 65536 }),
};

export interface CatalogSettings {
  /** domain.md 2.11: share of a kind a full sync may remove before the guard holds it. */
  removalGuardRatio: number;
  mediaServerFallbackEnabled: boolean;
  deletePacingMs: number;
  verifyDelaysMs: number[];
}

export interface CatalogConfig {
  runtime: ReturnType<typeof runtimeConfig>;
  encryptionKeys: string[];
  settings: CatalogSettings;
  jobConcurrency: number;
  upstreamLimits: UpstreamLimits;
}

export const DEFAULT_SETTINGS: CatalogSettings = {
  removalGuardRatio: 0.1,
  mediaServerFallbackEnabled: true,
  deletePacingMs: 2000,
  verifyDelaysMs: [5000, 15000, 40000],
};

/** The only reader of the environment; stops the process naming every bad variable. */
export function loadConfig(source: Env = process.env): CatalogConfig {
  return loadConfigOrExit(
    schema,
    (vars) => ({
      runtime: runtimeConfig(vars),
      encryptionKeys: vars.ENCRYPTION_KEYS,
      settings: {
        removalGuardRatio: vars.SYNC_REMOVAL_GUARD_PERCENT / 100,
        mediaServerFallbackEnabled: vars.MEDIA_SERVER_FALLBACK_ENABLED,
        deletePacingMs: vars.DELETE_PACING_SECONDS * 1000,
        verifyDelaysMs: vars.FILE_OPERATION_VERIFY_DELAYS_MS.split(',').map(Number),
      },
      jobConcurrency: vars.JOB_CONCURRENCY,
      upstreamLimits: {
        responseBytes: vars.UPSTREAM_RESPONSE_MAX_MB * MiB,
        listBytes: vars.UPSTREAM_LIST_MAX_MB * MiB,
        elementBytes: vars.UPSTREAM_LIST_ELEMENT_MAX_KB * KiB,
      },
    }),
    source,
  );
}
