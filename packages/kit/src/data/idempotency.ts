import type { Request } from 'express';
import { BadRequest, Conflict, Unprocessable } from '../errors';
import { ident, type SqlClient } from './database';

/**
 * Service side of idempotent API requests (external-api.md 1.11). The gateway serialises
 * requests per (token, Idempotency-Key) and stores every outcome it sees; it also passes the
 * key, the request's fingerprint and its retention to the owning service, which stores the
 * outcome of a successful state change in the same transaction as the change. If the gateway
 * dies (or answers 5xx) between the service's commit and its own record, the retried request
 * finds the service's record and nothing runs twice.
 *
 * The record holds the fingerprint because the service may be asked with a key the gateway no
 * longer knows: a *different* request under that key must not get the old answer (422, nothing
 * runs), and a record past its retention frees the key exactly as the gateway's does.
 *
 * Services keep the records in `<schema>.idempotent_requests` (packages/kit/sql); the weekly
 * housekeeping deletes expired ones (purgeExpiredIdempotency).
 */
export const IDEMPOTENCY_HEADER = 'x-mcs-idempotency-key';
export const IDEMPOTENCY_FINGERPRINT_HEADER = 'x-mcs-idempotency-fingerprint';
export const IDEMPOTENCY_RETENTION_HEADER = 'x-mcs-idempotency-retention';

export interface IdempotencyScope {
  tokenId: number;
  key: string;
  /** The gateway's hash of method, path and canonical body. */
  fingerprint: string;
  /** How long the gateway keeps its record; the service keeps its own as long. */
  retentionSeconds: number;
}

export interface StoredOutcome<B> {
  status: number;
  body: B;
  replayed: boolean;
}

/** The headers that pass an idempotency scope from the gateway to a service (all signed). */
export function idempotencyHeaders(
  scope: Omit<IdempotencyScope, 'tokenId'>,
): Record<string, string> {
  return {
    [IDEMPOTENCY_HEADER]: scope.key,
    [IDEMPOTENCY_FINGERPRINT_HEADER]: scope.fingerprint,
    [IDEMPOTENCY_RETENTION_HEADER]: String(scope.retentionSeconds),
  };
}

/** The idempotency scope the gateway forwarded with a request (tokens only; users have none). */
export function idempotencyScope(
  req: Request,
  principal: { type: string; id?: number },
): IdempotencyScope | undefined {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (!key || principal.type !== 'api_token' || principal.id === undefined) return undefined;
  const fingerprint = req.get(IDEMPOTENCY_FINGERPRINT_HEADER);
  const retentionSeconds = Number(req.get(IDEMPOTENCY_RETENTION_HEADER));
  // Without both, a record could neither tell requests apart nor expire: refuse the call.
  if (!fingerprint || !Number.isSafeInteger(retentionSeconds) || retentionSeconds <= 0) {
    throw new BadRequest(
      'bad_request',
      'An idempotency key needs its fingerprint and retention from the gateway.',
    );
  }
  return { tokenId: principal.id, key, fingerprint, retentionSeconds };
}

/**
 * Runs `operation` inside `tx` unless this scope already has a live outcome: the same request
 * gets it back with `replayed: true`; a different one gets 422 `idempotency_key_reused`, and
 * `operation` does not run. Only call it inside the transaction of the state change.
 */
export async function runIdempotent<B>(
  tx: SqlClient,
  schema: string,
  scope: IdempotencyScope | undefined,
  operation: () => Promise<{ status: number; body: B }>,
): Promise<StoredOutcome<B>> {
  if (!scope) return { ...(await operation()), replayed: false };
  const table = `${ident(schema)}.idempotent_requests`;
  // An expired record frees its key (housekeeping deletes the rest weekly).
  await tx.$executeRawUnsafe(
    `DELETE FROM ${table} WHERE token_id = $1 AND key = $2 AND expires_at <= now()`,
    scope.tokenId,
    scope.key,
  );
  const rows = await tx.$queryRawUnsafe<{ fingerprint: string; status: number; body: B }[]>(
    `SELECT fingerprint, status, body FROM ${table}
      WHERE token_id = $1 AND key = $2 AND expires_at > now()`,
    scope.tokenId,
    scope.key,
  );
  const stored = rows[0];
  if (stored && stored.fingerprint !== scope.fingerprint) {
    throw new Unprocessable(
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request.',
    );
  }
  if (stored) return { status: stored.status, body: stored.body, replayed: true };
  const outcome = await operation();
  // The gateway serialises a key, but a request may reach the service twice at once when that
  // lock was lost (a gateway replica died mid-call and the client retried elsewhere): the
  // second insert then waits for the first commit and must undo its own operation.
  const inserted = await tx.$executeRawUnsafe(
    `INSERT INTO ${table} (token_id, key, fingerprint, status, body, expires_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, now() + make_interval(secs => $6))
     ON CONFLICT (token_id, key) DO NOTHING`,
    scope.tokenId,
    scope.key,
    scope.fingerprint,
    outcome.status,
    JSON.stringify(outcome.body),
    scope.retentionSeconds,
  );
  if (inserted === 0) {
    throw new Conflict(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed.',
      { 'Retry-After': '1' },
    );
  }
  return { ...outcome, replayed: false };
}

/**
 * Deletes records past their retention; returns how many. For weekly_house_keeping. Judged by
 * the database's clock, which also set `expires_at`.
 */
export async function purgeExpiredIdempotency(tx: SqlClient, schema: string): Promise<number> {
  return await tx.$executeRawUnsafe(
    `DELETE FROM ${ident(schema)}.idempotent_requests WHERE expires_at <= now()`,
  );
}
