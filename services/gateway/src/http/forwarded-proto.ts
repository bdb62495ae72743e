import type { RequestHandler } from 'express';
import type { Logger } from '@mcs/kit';

/**
 * A TLS proxy the gateway does not trust (TRUST_PROXY=false) makes every request look like
 * plain HTTP from the proxy's address: COOKIE_SECURE=auto leaves Secure off the session cookie,
 * no HSTS is sent, and all clients share one address in the per-address limits. A request that
 * says it came over HTTPS (X-Forwarded-Proto, the first proxy's value) is the sign; the operator
 * is told once per process, naming the setting to change.
 */
export function untrustedProxyWarning(log: Logger): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && req.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https') {
      warned = true;
      log.warn(
        'Requests arrive with X-Forwarded-Proto: https while TRUST_PROXY is false, so session ' +
          "cookies are not marked Secure and every client has the proxy's address. Set " +
          "TRUST_PROXY to the proxy's address or subnet (e.g. loopback or 10.0.0.0/8) or to its " +
          'hop count (see "Behind a TLS proxy" in the README).',
      );
    }
    next();
  };
}
