/**
 * Network errors as the short descriptions of events-webhooks.md §4.5. Node's own messages are
 * not used: they carry the address and port ("connect ECONNREFUSED 10.0.0.5:8123"), which the
 * attempt log must not show.
 */
import type { AttemptFailure } from '../domain/attempt-result';

/** The attempt's single deadline passed. */
export class TimedOut extends Error {
  constructor(readonly timeoutMs: number) {
    super('timed out');
    this.name = 'TimedOut';
  }
}

const TLS_CODE =
  /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/;

export function failureOf(error: unknown): AttemptFailure {
  if (error instanceof TimedOut)
    return { kind: 'timeout', message: `Timeout after ${formatSeconds(error.timeoutMs)} s` };
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NODATA':
    case 'EAI_NONAME':
      return { kind: 'dns', message: 'DNS lookup failed' };
    case 'ECONNREFUSED':
      return { kind: 'connection_refused', message: 'Connection refused' };
    case 'ECONNRESET':
    case 'EPIPE':
      return { kind: 'connection_reset', message: 'Connection reset' };
    case 'ETIMEDOUT':
      return { kind: 'timeout', message: 'Connection timed out' };
    default:
      if (TLS_CODE.test(code)) return { kind: 'tls', message: `TLS error (${code})` };
      return { kind: 'network', message: code ? `Network error (${code})` : 'Network error' };
  }
}

function formatSeconds(ms: number): string {
  return Number.isInteger(ms / 1000) ? String(ms / 1000) : (ms / 1000).toFixed(1);
}
