/**
 * What every client needs from a service configuration (§2.1), and the policy defaults per
 * system (§2.2). Clients are built per service config; one sync run may share a DateSanitiser
 * between them so the summary counts invalid dates across sources.
 */
import type { Logger } from '@mcs/kit';
import { DateSanitiser } from './dates';
import type { IntegrationSystem } from './errors';
import { HTTP_DEFAULTS, type HttpClientOptions } from './http';
import type { UpstreamLimits } from './limits';
import type { RetryPolicy } from './retry';

export interface ClientConfig {
  baseUrl: string;
  apiKey: string;
  /** The stored key did not open: every call fails with `secrets_unreadable`, unsent. */
  keyUnreadable?: boolean;
  /** The service's `timeout_seconds` (5…600, default 30). */
  timeoutSeconds?: number;
  verifyTls?: boolean;
  /** Overrides the per-system cap of §2.2 (tests, benchmarks). */
  concurrency?: number;
  retry?: Partial<RetryPolicy>;
  /** Caps on what the server may send; the deployment's settings (config.ts). */
  limits?: UpstreamLimits;
  /** Waits between retries; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
  clock?: () => Date;
  dates?: DateSanitiser;
  log?: Logger;
  signal?: AbortSignal;
}

export const CONCURRENCY: Record<IntegrationSystem, number> = {
  jellyfin: 4,
  emby: 4,
  plex: 4,
  radarr: 4,
  sonarr: 8,
  seerr: 4,
  tautulli: 2,
  tmdb: 8,
  // One file, read once a day.
  imdb: 1,
};

export function httpOptions(
  system: IntegrationSystem,
  config: ClientConfig,
  auth: { headers?: Record<string, string>; query?: Record<string, string> },
): HttpClientOptions {
  const timeoutMs = (config.timeoutSeconds ?? 30) * 1000;
  return {
    system,
    baseUrl: config.baseUrl,
    headers: auth.headers ?? {},
    ...(auth.query ? { query: auth.query } : {}),
    secrets: [config.apiKey],
    timeoutMs,
    bulkTimeoutMs: Math.max(timeoutMs, HTTP_DEFAULTS.bulkTimeoutMs),
    connectTimeoutMs: Math.min(HTTP_DEFAULTS.connectTimeoutMs, timeoutMs),
    concurrency: config.concurrency ?? CONCURRENCY[system],
    verifyTls: config.verifyTls ?? true,
    retry: { ...HTTP_DEFAULTS.retry, ...config.retry },
    limits: config.limits ?? HTTP_DEFAULTS.limits,
    keyUnreadable: config.keyUnreadable ?? false,
    sleep: config.sleep ?? HTTP_DEFAULTS.sleep,
    ...(config.log ? { log: config.log } : {}),
    ...(config.signal ? { signal: config.signal } : {}),
  };
}

export function datesOf(config: ClientConfig): DateSanitiser {
  return config.dates ?? new DateSanitiser(config.clock);
}
