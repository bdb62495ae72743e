/**
 * The one error type of the integration clients. Its `code` is the source-status reason of
 * domain.md §2.2 (`unauthorized`, `unreachable`, `timeout`, `http_<status>`,
 * `invalid_response`) plus `incomplete` (an enumeration that did not add up to the server's
 * totals, §2.11), `too_large` (an answer over one of the caps of limits.ts),
 * `secrets_unreadable` (the stored API key does not open with the current ENCRYPTION_KEYS, so
 * nothing was sent) and `canceled` (the caller gave up).
 *
 * Messages name the system, the method and the path without its query string; they never hold
 * the base URL (it may carry credentials), the API key or response values.
 */
export type IntegrationSystem =
  'jellyfin' | 'emby' | 'plex' | 'radarr' | 'sonarr' | 'seerr' | 'tautulli' | 'tmdb' | 'imdb';

export type FailureReason =
  | 'unauthorized'
  | 'unreachable'
  | 'timeout'
  | 'http'
  | 'invalid_response'
  | 'incomplete'
  | 'too_large'
  | 'secrets_unreadable'
  | 'canceled';

export const SYSTEM_LABELS: Record<IntegrationSystem, string> = {
  jellyfin: 'Jellyfin',
  emby: 'Emby',
  plex: 'Plex',
  radarr: 'Radarr',
  sonarr: 'Sonarr',
  seerr: 'Seerr',
  tautulli: 'Tautulli',
  tmdb: 'TMDB',
  imdb: 'IMDb dataset',
};

export class IntegrationError extends Error {
  constructor(
    readonly system: IntegrationSystem,
    readonly reason: FailureReason,
    message: string,
    readonly status: number | null = null,
    /** Server-requested wait before a retry (Retry-After), in ms. */
    readonly retryAfterMs: number | null = null,
    /** Can never pass on its own (a refused destination), whatever the reason says. */
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'IntegrationError';
  }

  /** The reason as stored on the source status: `http_503`, `timeout`, … */
  get code(): string {
    return this.reason === 'http' ? `http_${this.status ?? 0}` : this.reason;
  }

  /**
   * Network errors, 408, 429 and 5xx may pass on their own; everything else will not. A timeout
   * is deliberately not transient: retrying a server that let a call run the whole timeout would
   * cost four timeouts per call, and the next scheduled run tries again anyway.
   */
  get transient(): boolean {
    if (this.permanent) return false;
    if (this.reason === 'unreachable') return true;
    if (this.reason !== 'http' || this.status === null) return false;
    return this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

/** A body that is not what the call expects (a dataset that is not gzip): `invalid_response`. */
export class InvalidBody extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'InvalidBody';
  }
}

/** Removes every secret (raw and URL-encoded) from a text that may end up in a log or body. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      out = out.split(form).join('[redacted]');
    }
  }
  return out;
}
