import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { ServiceUnavailable, Unauthorized } from '../errors';

/**
 * Signed internal calls (docs/decisions/004). The gateway authenticates people and tokens,
 * then forwards the principal to the owning service in headers signed with the shared internal
 * secret. The signature covers the target service's name, method, URL, time, body digest and
 * every x-mcs-* header (a fresh nonce among them), so a captured request cannot be altered,
 * sent to another service, replayed later (±5 s window) or, if it changes state, replayed at
 * all (each nonce is accepted once).
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
export const NONCE_HEADER = 'x-mcs-nonce';

const VERSION = 'v2';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface SignInput {
  /** The service the request is for (its schema name): a signature is valid there only. */
  service: string;
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
    input.service,
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

/** Returns the headers to add to an internal request (principal, nonce, timestamp, signature). */
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
    [NONCE_HEADER]: randomBytes(16).toString('base64url'),
    [TIMESTAMP_HEADER]: String(timestampMs),
  };
  headers[SIGNATURE_HEADER] = hmac(secret, canonical({ ...input, headers, timestampMs }));
  return headers;
}

/** Express requests keep their raw body (captured by createHttpApp) for the digest. */
export interface RawBodyRequest extends Request {
  rawBody?: Buffer;
}

interface VerifyOptions {
  secret: string;
  service: string;
  maxSkewMs: number;
}

function verify(options: VerifyOptions, req: RawBodyRequest, now: number): Principal {
  const { secret, service, maxSkewMs } = options;
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
        service,
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

/** Remembers the nonces of accepted state-changing requests for as long as they could verify. */
export interface NonceStore {
  /** True the first time a nonce is claimed within `ttlMs`, false for a replay. */
  claim(nonce: string, ttlMs: number): Promise<boolean>;
}

/** Nonces in Redis: SET NX is atomic, so two replicas cannot both accept one request. */
export function redisNonceStore(redis: Redis, prefix: string): NonceStore {
  return {
    claim: async (nonce, ttlMs) =>
      (await redis.set(`${prefix}:internal-nonce:${nonce}`, '1', 'PX', ttlMs, 'NX')) === 'OK',
  };
}

export interface GatewaySignatureOptions {
  /** This service's name: a request signed for another service is refused. */
  service: string;
  nonces: NonceStore;
  maxSkewMs?: number;
  now?: () => number;
}

/**
 * Middleware for every internal route: rejects requests without a valid, fresh gateway
 * signature for this service (401), and state-changing requests whose nonce was seen before
 * (401), and exposes the principal as res.locals.principal. Reads are not nonce-checked: a
 * replayed read within the window changes nothing and would cost a Redis call per request.
 */
export function requireGatewaySignature(secret: string, options: GatewaySignatureOptions) {
  const maxSkewMs = options.maxSkewMs ?? 5_000;
  const now = options.now ?? Date.now;
  const verifyOptions = { secret, service: options.service, maxSkewMs };
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const principal = verify(verifyOptions, req as RawBodyRequest, now());
    if (MUTATING.has(req.method))
      await claimNonce(options.nonces, req.get(NONCE_HEADER), maxSkewMs);
    res.locals.principal = principal;
    next();
  };
}

async function claimNonce(
  nonces: NonceStore,
  nonce: string | undefined,
  maxSkewMs: number,
): Promise<void> {
  if (!nonce) throw new Unauthorized('invalid_signature', 'The request carries no nonce.');
  // A timestamp may lie maxSkewMs either side of now, so a signature stays acceptable for at
  // most twice the skew after it is first seen: remembering the nonce that long is enough.
  // Without Redis a replay cannot be told apart: fail closed, retryably.
  const first = await nonces.claim(nonce, 2 * maxSkewMs).catch(() => {
    throw new ServiceUnavailable('service_unavailable', 'Replay protection is unavailable.');
  });
  if (!first) throw new Unauthorized('invalid_signature', 'This signed request was already used.');
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}
