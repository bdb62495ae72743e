/**
 * Retry policy for reads (§2.2): transient failures of GETs are retried after 1 s, 4 s and 10 s;
 * a server's Retry-After wins when it asks for longer, up to 60 s. Writes are never retried
 * here: a destructive call that may have happened is verified by the executor instead (§6.7).
 */
export interface RetryPolicy {
  /** One entry per retry; the number of entries is the number of retries. */
  delaysMs: number[];
  /** Longest Retry-After we are willing to wait. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  delaysMs: [1_000, 4_000, 10_000],
  maxRetryAfterMs: 60_000,
};

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | undefined, now = Date.now()): number | null {
  if (header === undefined || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

export function retryDelay(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | null,
): number | null {
  const base = policy.delaysMs[retry];
  if (base === undefined) return null;
  if (retryAfterMs === null) return base;
  return Math.max(base, Math.min(retryAfterMs, policy.maxRetryAfterMs));
}
