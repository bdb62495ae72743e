import type { Request, Response } from 'express';
import type { Contract } from './contract';

const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
const EXPOSE_HEADERS =
  'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, ' +
  'Idempotent-Replayed, X-Request-Id';

/**
 * CORS on /api/v1 (external-api.md 1.12) for the origins an administrator allowed ('*' for
 * any): browser integrations can call the API with a bearer token and read its answers,
 * errors and rate-limit headers included. Never with credentials: /api/v1 ignores cookies.
 * Other origins get no CORS headers, so browsers keep them out; nothing else changes for them.
 *
 * Returns true when the request was a preflight and has been answered.
 */
export function applyCors(
  allowed: readonly string[],
  contract: Contract,
  path: string,
  req: Request,
  res: Response,
): boolean {
  if (allowed.length === 0) return false;
  const any = allowed.includes('*');
  // The answer depends on the Origin header: caches must keep one copy per origin.
  if (!any) res.vary('Origin');
  const origin = req.get('origin');
  if (!origin || !(any || allowed.includes(origin.toLowerCase()))) return false;
  res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
  const requested = req.get('access-control-request-method');
  if (req.method !== 'OPTIONS' || !requested) {
    res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    return false;
  }
  const match = contract.match(requested, path);
  const methods =
    match.kind === 'operation'
      ? [requested.toUpperCase()]
      : match.kind === 'method_not_allowed'
        ? match.allow
        : [];
  // An unknown path gets no permission; the browser then reports the failed preflight.
  if (methods.length === 0) return false;
  res.setHeader('Access-Control-Allow-Methods', methods.join(', '));
  res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
  res.setHeader('Access-Control-Max-Age', '600');
  res.status(204).end();
  return true;
}
