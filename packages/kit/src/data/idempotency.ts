import type { Request } from 'express';
import { ident, type SqlClient } from './database';

/**
 * Service side of idempotent API requests (external-api.md 1.11). The gateway serialises
 * requests per (token, Idempotency-Key) and stores every outcome it sees; it also passes the
 * key to the owning service, which stores the outcome of a successful state change in the same
 * transaction as the change. If the gateway dies between the service's commit and its own
 * record, the retried request finds the service's record and nothing runs twice.
 *
 * Services keep the records in `<schema>.idempotent_requests`:
 *   (token_id bigint, key text, status int, body jsonb, created_at timestamptz,
 *    PRIMARY KEY (token_id, key))
 */
export const IDEMPOTENCY_HEADER = 'x-mcs-idempotency-key';

export interface IdempotencyScope {
  tokenId: number;
  key: string;
}

export interface StoredOutcome<B> {
  status: number;
  body: B;
  replayed: boolean;
}

/** The idempotency scope the gateway forwarded with a request (tokens only; users have none). */
export function idempotencyScope(
  req: Request,
  principal: { type: string; id?: number },
): IdempotencyScope | undefined {
  const key = req.get(IDEMPOTENCY_HEADER);
  return key && principal.type === 'api_token' && principal.id !== undefined
    ? { tokenId: principal.id, key }
    : undefined;
}

/**
 * Runs `operation` inside `tx` unless this scope already has a stored outcome, which is then
 * returned with `replayed: true`. Only call it inside the transaction of the state change.
 */
export async function runIdempotent<B>(
  tx: SqlClient,
  schema: string,
  scope: IdempotencyScope | undefined,
  operation: () => Promise<{ status: number; body: B }>,
): Promise<StoredOutcome<B>> {
  const table = `${ident(schema)}.idempotent_requests`;
  if (scope) {
    const rows = await tx.$queryRawUnsafe<{ status: number; body: B }[]>(
      `SELECT status, body FROM ${table} WHERE token_id = $1 AND key = $2`,
      scope.tokenId,
      scope.key,
    );
    if (rows[0]) return { ...rows[0], replayed: true };
  }
  const outcome = await operation();
  if (scope) {
    await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (token_id, key, status, body) VALUES ($1, $2, $3, $4::jsonb)`,
      scope.tokenId,
      scope.key,
      outcome.status,
      JSON.stringify(outcome.body),
    );
  }
  return { ...outcome, replayed: false };
}
