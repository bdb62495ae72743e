/**
 * What one attempt produced, before classification (retry-policy.ts) and redaction
 * (redaction.ts). A result carries either a status code or a failure, never both.
 */

/** Failures before or instead of an HTTP response. */
export type FailureKind =
  | 'timeout'
  | 'dns'
  | 'connection_refused'
  | 'connection_reset'
  | 'tls'
  | 'network'
  | 'destination_not_allowed'
  | 'origin_changed'
  | 'dot_segments'
  | 'body_too_large'
  | 'secrets_unreadable'
  | 'paths_unavailable';

export interface AttemptFailure {
  kind: FailureKind;
  /** A short fixed description; never a URL, address or path (§4.5). */
  message: string;
}

export interface AttemptResult {
  statusCode: number | null;
  /** From connection start to response end or error (§3.6). */
  durationMs: number;
  /** The first 64 KiB at most of a non-2xx response body, unredacted. */
  bodyExcerpt: string;
  /** The raw `Retry-After` header, if any. */
  retryAfter: string | null;
  error: AttemptFailure | null;
}

/** Refusals decided before any request: nothing was sent, so no time was spent. */
export function refused(kind: keyof typeof REFUSAL_MESSAGES): AttemptResult {
  return {
    statusCode: null,
    durationMs: 0,
    bodyExcerpt: '',
    retryAfter: null,
    error: { kind, message: REFUSAL_MESSAGES[kind] },
  };
}

const REFUSAL_MESSAGES = {
  destination_not_allowed: 'Destination address is not allowed',
  origin_changed: 'Rendered URL changed origin',
  dot_segments: 'Rendered URL path has "." or ".." segments',
  body_too_large: 'Rendered body is larger than 256 KiB',
  secrets_unreadable: 'Endpoint secrets cannot be decrypted (was the encryption key changed?)',
  // Retried like a network error: catalog is back soon, and a request without them is wrong.
  paths_unavailable: 'Path values could not be read from catalog',
} as const;
