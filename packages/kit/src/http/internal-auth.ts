import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { SigningKey } from '../crypto/signing-keys';
import { ServiceUnavailable, Unauthorized } from '../errors';

/**
 * Signed internal calls (docs/decisions/004, 023, 032). The gateway authenticates people and
 * tokens, then forwards the principal to the owning service in signed headers. A request is
 * signed with the key its signer shares with the target service alone (derived from their
 * Ed25519 key pairs), and names its signer in `x-mcs-signer`. The signature covers the signer,
 * the target service's name, method, URL, time, body digest and every x-mcs-* header (a fresh
 * nonce among them), so a captured request cannot be altered, sent to another service,
 * replayed later (±5 s window) or, if it changes state, replayed at all (each nonce is accepted
 * once).
 *
 * A service can sign only as itself: only the gateway may forward a user or an API token;
 * any other signer acts as `system`, and the verified principal names it (`service`). A
 * compromised service therefore cannot speak for a person, nor pose as another service.
 *
 * `name` is the display name of the user or token, for services that record who made
 * something (names live only in the gateway). It travels in the signed principal header, so it
 * is as trustworthy as the id. It is optional: a principal signed without one (older callers,
 * tests) still verifies, and a service then treats the name as unknown.
 */
export type Principal =
  | { type: 'api_token'; id: number; scopes: string[]; name?: string }
  | { type: 'user'; id: number; role: 'admin' | 'user'; name?: string }
  /** `service` is set by verification, from the signer; a caller signs `{ type: 'system' }`. */
  | { type: 'system'; service?: string };

export const SIGNATURE_HEADER = 'x-mcs-signature';
export const TIMESTAMP_HEADER = 'x-mcs-timestamp';
export const PRINCIPAL_HEADER = 'x-mcs-principal';
export const NONCE_HEADER = 'x-mcs-nonce';
export const SIGNER_HEADER = 'x-mcs-signer';

/** The one service that may forward people and API tokens. */
export const GATEWAY = 'gateway';

const VERSION = 'v4';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EMPTY_DIGEST = createHash('sha256').digest('hex');

export interface SignInput {
  /** The service the request is for (its schema name): a signature is valid there only. */
  service: string;
  method: string;
  /** Path with query string, exactly as sent. */
  url: string;
  body: Buffer | string | undefined;
  /** Headers to send; every x-mcs-* one among them (the signer too) is covered. */
  headers: Record<string, string>;
  timestampMs: number;
}

/** What the canonical text reads: a request's headers as sent, or as received (lists ignored). */
type CanonicalInput = Omit<SignInput, 'headers'> & {
  headers: Readonly<Record<string, string | string[] | undefined>>;
};

function canonical(input: CanonicalInput): string {
  const bodyDigest =
    input.body === undefined || input.body.length === 0
      ? EMPTY_DIGEST
      : createHash('sha256').update(input.body).digest('hex');
  // Plain loops: this runs twice per internal call (caller and receiver), on the hot path.
  const signed: string[] = [];
  for (const name in input.headers) {
    const lower = name.toLowerCase();
    const value = input.headers[name];
    if (typeof value !== 'string' || !lower.startsWith('x-mcs-')) continue;
    if (lower !== SIGNATURE_HEADER && lower !== TIMESTAMP_HEADER) signed.push(`${lower}:${value}`);
  }
  // Caller and receiver sort the same lines: any fixed order will do.
  signed.sort();
  let text = `${VERSION}\n${input.service}\n${input.method.toUpperCase()}\n${input.url}\n${input.timestampMs}\n${bodyDigest}`;
  for (const line of signed) text += `\n${line}`;
  return text;
}

/** The signature of a canonical request with the key its signer and its target share. */
function mac(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

/** Returns the headers to add to an internal request (signer, principal, nonce, timestamp, signature). */
export function signInternalRequest(
  key: SigningKey,
  input: Omit<SignInput, 'headers' | 'timestampMs'> & {
    principal: Principal;
    headers?: Record<string, string>;
    timestampMs?: number;
  },
): Record<string, string> {
  const timestampMs = input.timestampMs ?? Date.now();
  const shared = key.sharedWith(input.service);
  if (!shared) throw new Error(`No public key is listed for ${input.service}`);
  // Assigned one by one: an object literal with computed keys and spreads was most of the cost.
  const headers: Record<string, string> = Object.assign({}, input.headers);
  headers[SIGNER_HEADER] = key.service;
  headers[PRINCIPAL_HEADER] = Buffer.from(JSON.stringify(input.principal)).toString('base64url');
  // 122 random bits from the runtime's buffered entropy: a fresh read per call cost more.
  headers[NONCE_HEADER] = randomUUID();
  headers[TIMESTAMP_HEADER] = String(timestampMs);
  const text = canonical({
    service: input.service,
    method: input.method,
    url: input.url,
    body: input.body,
    headers,
    timestampMs,
  });
  headers[SIGNATURE_HEADER] = mac(shared, text).toString('base64url');
  return headers;
}

/** Express requests keep their raw body (captured by createHttpApp) for the digest. */
export interface RawBodyRequest extends Request {
  rawBody?: Buffer;
}

function verify(key: SigningKey, maxSkewMs: number, req: RawBodyRequest, now: number): Principal {
  const signature = req.get(SIGNATURE_HEADER);
  const timestamp = req.get(TIMESTAMP_HEADER);
  const principal = req.get(PRINCIPAL_HEADER);
  const signer = req.get(SIGNER_HEADER);
  if (!signature || !timestamp || !principal || !signer) {
    throw new Unauthorized('invalid_signature', 'The request is not signed by the gateway.');
  }
  const shared = key.sharedWith(signer);
  if (!shared) throw new Unauthorized('invalid_signature', 'The signer is not known.');
  const timestampMs = Number(timestamp);
  if (!Number.isSafeInteger(timestampMs) || Math.abs(now - timestampMs) > maxSkewMs) {
    throw new Unauthorized('invalid_signature', 'The gateway signature has expired.');
  }
  const text = canonical({
    service: key.service,
    method: req.method,
    url: req.originalUrl,
    body: req.rawBody,
    headers: req.headers,
    timestampMs,
  });
  const expected = mac(shared, text);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Unauthorized('invalid_signature', 'The gateway signature is invalid.');
  }
  return signedAs(signer, parsePrincipal(principal));
}

function parsePrincipal(header: string): Principal {
  try {
    return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Principal;
  } catch {
    throw new Unauthorized('invalid_signature', 'The principal header is malformed.');
  }
}

/** A service signs only as itself: people and tokens come from the gateway alone. */
function signedAs(signer: string, principal: Principal): Principal {
  if (signer === GATEWAY && principal.type !== 'system') return principal;
  if (signer !== GATEWAY && principal.type === 'system') return { type: 'system', service: signer };
  throw new Unauthorized('invalid_signature', `${signer} may not sign this principal.`);
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

export interface SignatureOptions {
  nonces: NonceStore;
  maxSkewMs?: number;
  now?: () => number;
}

/**
 * Middleware for every internal route: rejects requests without a valid, fresh signature for
 * this service (`key.service`) by a known service (401), and state-changing requests whose nonce was seen
 * before (401), and exposes the principal as res.locals.principal. Reads are not nonce-checked:
 * a replayed read within the window changes nothing and would cost a Redis call per request.
 */
export function requireInternalSignature(key: SigningKey, options: SignatureOptions) {
  const maxSkewMs = options.maxSkewMs ?? 5_000;
  const now = options.now ?? Date.now;
  // A read is answered without a promise (each one costs on the hot path: context.ts).
  return (req: Request, res: Response, next: NextFunction): void | Promise<void> => {
    const principal = verify(key, maxSkewMs, req as RawBodyRequest, now());
    res.locals.principal = principal;
    if (!MUTATING.has(req.method)) return next();
    return claimNonce(options.nonces, req.get(NONCE_HEADER), maxSkewMs).then(() => next());
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
