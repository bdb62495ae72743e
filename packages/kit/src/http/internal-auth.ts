import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Unauthorized } from '../errors';

/**
 * Signed internal calls. The gateway authenticates people and tokens, then forwards the
 * principal to the owning service in headers signed with the shared internal secret. The
 * signature covers method, URL, time, body digest and every x-mcs-* header, so a captured
 * request cannot be altered, and it expires quickly, so it cannot be replayed later.
 *
 * `name` is the display name of the user or token, for services that record who made
 * something (names live only in the gateway). It travels in the signed principal header, so it
 * is as trustworthy as the id. It is optional: a principal signed without one (older callers,
 * tests) still verifies, and a service then treats the name as unknown.
 */
export type Principal =
  | { type: 'api_token'; id: number; scopes: string[]; name?: string }
  | { type: 'user'; id: number; role: 'admin' | 'user'; name?: string }
  | { type: 'system' };

export const SIGNATURE_HEADER = 'x-mcs-signature';
export const TIMESTAMP_HEADER = 'x-mcs-timestamp';
export const PRINCIPAL_HEADER = 'x-mcs-principal';

const VERSION = 'v1';

export interface SignInput {
  method: string;
  /** Path with query string, exactly as sent. */
  url: string;
  body: Buffer | string | undefined;
  /** Headers to send; every x-mcs-* one among them is covered by the signature. */
  headers: Record<string, string>;
  timestampMs: number;
}

function canonical(input: SignInput): string {
  const bodyDigest = createHash('sha256')
    .update(input.body ?? '')
    .digest('hex');
  const signed = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(
      ([name]) =>
        name.startsWith('x-mcs-') && name !== SIGNATURE_HEADER && name !== TIMESTAMP_HEADER,
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value}`);
  return [
    VERSION,
    input.method.toUpperCase(),
    input.url,
    String(input.timestampMs),
    bodyDigest,
    ...signed,
  ].join('\n');
}

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Returns the headers to add to an internal request (principal, timestamp, signature). */
export function signInternalRequest(
  secret: string,
  input: Omit<SignInput, 'headers' | 'timestampMs'> & {
    principal: Principal;
    headers?: Record<string, string>;
    timestampMs?: number;
  },
): Record<string, string> {
  const timestampMs = input.timestampMs ?? Date.now();
  const headers: Record<string, string> = {
    ...input.headers,
    [PRINCIPAL_HEADER]: Buffer.from(JSON.stringify(input.principal)).toString('base64url'),
    [TIMESTAMP_HEADER]: String(timestampMs),
  };
  headers[SIGNATURE_HEADER] = hmac(secret, canonical({ ...input, headers, timestampMs }));
  return headers;
}

/** Express requests keep their raw body (captured by createHttpApp) for the digest. */
export interface RawBodyRequest extends Request {
  rawBody?: Buffer;
}

function verify(secret: string, req: RawBodyRequest, maxSkewMs: number, now: number): Principal {
  const signature = req.get(SIGNATURE_HEADER);
  const timestamp = req.get(TIMESTAMP_HEADER);
  const principal = req.get(PRINCIPAL_HEADER);
  if (!signature || !timestamp || !principal) {
    throw new Unauthorized('invalid_signature', 'The request is not signed by the gateway.');
  }
  const timestampMs = Number(timestamp);
  if (!Number.isSafeInteger(timestampMs) || Math.abs(now - timestampMs) > maxSkewMs) {
    throw new Unauthorized('invalid_signature', 'The gateway signature has expired.');
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  const expected = Buffer.from(
    hmac(
      secret,
      canonical({
        method: req.method,
        url: req.originalUrl,
        body: req.rawBody,
        headers,
        timestampMs,
      }),
    ),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Unauthorized('invalid_signature', 'The gateway signature is invalid.');
  }
  try {
    return JSON.parse(Buffer.from(principal, 'base64url').toString('utf8')) as Principal;
  } catch {
    throw new Unauthorized('invalid_signature', 'The principal header is malformed.');
  }
}

/**
 * Middleware for every internal route: rejects requests without a valid, fresh gateway
 * signature (401) and exposes the principal as res.locals.principal.
 */
export function requireGatewaySignature(
  secret: string,
  options: { maxSkewMs?: number; now?: () => number } = {},
) {
  const maxSkewMs = options.maxSkewMs ?? 30_000;
  const now = options.now ?? Date.now;
  return (req: Request, res: Response, next: NextFunction): void => {
    res.locals.principal = verify(secret, req as RawBodyRequest, maxSkewMs, now());
    next();
  };
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}
