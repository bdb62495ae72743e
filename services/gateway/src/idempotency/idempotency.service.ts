import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import {
  AppError,
  Conflict,
  idempotencyHeaders,
  pgDatabase,
  Unprocessable,
  type Database,
  type SqlClient,
} from '@mcs/kit';
import type { Outcome } from '../operation';
import { idempotencyRepository } from './idempotency.repository';

export interface IdempotentRequest {
  tokenId: number;
  key: string;
  method: string;
  path: string;
  body: unknown;
}

/**
 * Idempotency-Key handling (external-api.md 1.11), durable in PostgreSQL and safe across
 * replicas. A transaction-scoped advisory lock per (token, key) is held around the forwarded
 * call: a concurrent duplicate fails to take it (409 idempotency_key_in_use), and a dead
 * process releases it automatically. Outcomes below 500 are stored and replayed, except a 404
 * from a route the service does not have yet. The owning service gets the key, fingerprint and
 * retention (signed headers) so that its own record can tell requests apart and expire too.
 *
 * Each request holds a pooled connection for its whole forwarded call, so one token may have
 * only `maxInFlightPerToken` keys in flight at once on a replica (429 too_many_in_flight beyond;
 * 0: no cap): a single client cannot take the whole pool from the others. A duplicate of a key
 * already in flight is not held back by the cap: it fails the lock at once with 409
 * idempotency_key_in_use.
 */
export class IdempotencyService {
  /** Token → key → requests with that key in flight on this replica. */
  private readonly inFlight = new Map<number, Map<string, number>>();

  /** The forwarded call runs inside the record's transaction: plain pg, one pooled client. */
  private readonly db: Database<SqlClient>;

  constructor(
    pool: Pool,
    private readonly options: { retentionHours: number; maxInFlightPerToken: number },
  ) {
    this.db = pgDatabase(pool);
  }

  async run(
    request: IdempotentRequest,
    execute: (headers: Record<string, string>) => Promise<Outcome>,
  ): Promise<Outcome & { replayed: boolean }> {
    const keys = this.inFlight.get(request.tokenId) ?? new Map<string, number>();
    const sameKey = keys.get(request.key) ?? 0;
    const cap = this.options.maxInFlightPerToken;
    if (cap > 0 && sameKey === 0 && keys.size >= cap) {
      // Its own code: this is not the per-minute rate limit, and turning that off leaves it.
      throw new AppError(
        429,
        'too_many_in_flight',
        `This API token already has ${keys.size} idempotent requests in flight on this gateway ` +
          '(IDEMPOTENT_IN_FLIGHT_PER_TOKEN); retry when one has finished.',
        { headers: { 'Retry-After': '1' } },
      );
    }
    keys.set(request.key, sameKey + 1);
    this.inFlight.set(request.tokenId, keys);
    try {
      return await this.runLocked(request, execute);
    } finally {
      const left = (keys.get(request.key) ?? 1) - 1;
      if (left > 0) keys.set(request.key, left);
      else keys.delete(request.key);
      if (keys.size === 0) this.inFlight.delete(request.tokenId);
    }
  }

  private runLocked(
    request: IdempotentRequest,
    execute: (headers: Record<string, string>) => Promise<Outcome>,
  ): Promise<Outcome & { replayed: boolean }> {
    return this.db.$transaction(async (tx) => {
      if (!(await idempotencyRepository.tryLock(tx, request.tokenId, request.key))) {
        throw new Conflict(
          'idempotency_key_in_use',
          'A request with this Idempotency-Key is still being processed.',
          {
            'Retry-After': '1',
          },
        );
      }
      const fingerprint = fingerprintOf(request);
      const stored = await idempotencyRepository.find(tx, request.tokenId, request.key);
      if (stored && stored.fingerprint !== fingerprint) {
        throw new Unprocessable(
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request.',
        );
      }
      if (stored) {
        return {
          status: stored.status,
          contentType: contentTypeFor(stored.status),
          body: replayedBody(stored.body),
          replayed: true,
        };
      }
      const outcome = await execute(
        idempotencyHeaders({
          key: request.key,
          fingerprint,
          retentionSeconds: this.options.retentionHours * 3600,
        }),
      );
      if (outcome.status < 500 && !outcome.unrouted)
        await idempotencyRepository.store(
          tx,
          { tokenId: request.tokenId, key: request.key, fingerprint, outcome },
          this.options.retentionHours,
        );
      return { ...outcome, replayed: outcome.replayed ?? false };
    });
  }
}

/** Method, path (ids included, no query) and the canonical JSON of the body. */
export function fingerprintOf(
  request: Pick<IdempotentRequest, 'method' | 'path' | 'body'>,
): string {
  return createHash('sha256')
    .update(`${request.method.toUpperCase()} ${request.path}\n${canonicalJson(request.body ?? {})}`)
    .digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Candidate-action bodies say whether they are a replay (decisions.md). */
function replayedBody(body: unknown): unknown {
  return body && typeof body === 'object' && 'replayed' in body
    ? { ...body, replayed: true }
    : body;
}

function contentTypeFor(status: number): string {
  return status >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8';
}
