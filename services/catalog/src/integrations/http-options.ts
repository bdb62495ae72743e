/** Options of the shared HTTP client (http.ts) and the policy defaults of §2.2. */
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '@mcs/kit';
import type { IntegrationSystem } from './errors';
import { DEFAULT_LIMITS, type UpstreamLimits } from './limits';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';

export type { UpstreamLimits };

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface HttpClientOptions {
  system: IntegrationSystem;
  baseUrl: string;
  /** Credentials and fixed headers; their values are redacted from every error. */
  headers: Record<string, string>;
  /** Credentials some APIs take only as query parameters (Tautulli `apikey`). */
  query?: Record<string, string>;
  secrets: string[];
  /** The credentials could not be opened: refuse every call instead of sending it. */
  keyUnreadable: boolean;
  timeoutMs: number;
  /** Bulk list calls (Radarr `/movie`, Sonarr `/series`): max(timeout, 300 s). */
  bulkTimeoutMs: number;
  connectTimeoutMs: number;
  concurrency: number;
  verifyTls: boolean;
  retry: RetryPolicy;
  /** Caps on what the server may send (limits.ts). */
  limits: UpstreamLimits;
  sleep: (ms: number) => Promise<void>;
  log?: Logger;
  /** Cancels everything this client does (the job was stopped). */
  signal?: AbortSignal;
}

export const HTTP_DEFAULTS = {
  timeoutMs: 30_000,
  bulkTimeoutMs: 300_000,
  connectTimeoutMs: 10_000,
  retry: DEFAULT_RETRY,
  limits: DEFAULT_LIMITS,
  sleep: (ms: number) => delay(ms).then(() => undefined),
};
