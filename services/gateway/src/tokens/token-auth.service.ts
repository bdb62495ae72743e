import { Unauthorized, type Logger } from '@mcs/kit';
import type { Db } from '../db';
import { apiTokenRepository } from './api-token.repository';
import { parseToken, tokenMatches, type ParsedToken } from './token-format';

export interface TokenPrincipal {
  id: number;
  /** The token's name, forwarded as the principal's display name. */
  name: string;
  scopes: string[];
}

interface CachedToken {
  id: bigint;
  name: string;
  tokenHash: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  cachedUntil: number;
}

/** Unknown prefixes remembered at most; past it the oldest are forgotten (Map keeps order). */
const MAX_UNKNOWN = 10_000;

export interface TokenCacheOptions {
  /** How long a verified token stays cached. */
  ttlMs: number;
  /** How long an unknown prefix stays known as unknown. */
  negativeTtlMs: number;
}

const REALM = 'Bearer realm="media-cleanup"';
const INVALID = `${REALM}, error="invalid_token"`;

/** The token of a Bearer header (undefined when it is not one of ours); throws 401 without one. */
function parseBearer(authorization: string | undefined): ParsedToken | undefined {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) {
    // The scheme ends at whitespace or the end: "Bearer-x abc" is another scheme, no token.
    const bearer = /^\s*bearer(\s|$)/i.test(authorization ?? '');
    if (bearer)
      throw new Unauthorized('invalid_token', 'The bearer token is malformed.', {
        'WWW-Authenticate': INVALID,
      });
    throw new Unauthorized('missing_token', 'This request needs a bearer token.', {
      'WWW-Authenticate': REALM,
    });
  }
  return parseToken(match[1] as string);
}

/**
 * Bearer authentication for /api/v1 (external-api.md 1.3). Verified tokens are cached briefly
 * by prefix; a revocation event drops the entry on every replica at once, and the short TTL
 * bounds staleness even if that event is late. Unknown prefixes are remembered for a few
 * seconds, so a client hammering with an unknown token (a deleted one, a typo, a flood) costs
 * one database query, not one per request; guesses with fresh prefixes are slowed by the
 * per-address failure limit instead. (A new token cannot be hit by the cache: its random
 * prefix was never asked for before it existed.)
 */
export class TokenAuthService {
  private readonly cache = new Map<string, CachedToken>();
  /** Prefix → until when it is known not to exist. */
  private readonly unknown = new Map<string, number>();
  /** Bumped by every drop(), so a lookup can tell that one happened while it queried. */
  private drops = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly options: TokenCacheOptions,
    private readonly log: Logger,
  ) {}

  async authenticate(authorization: string | undefined): Promise<TokenPrincipal> {
    const parsed = parseBearer(authorization);
    return this.accept(parsed, parsed && (await this.lookup(parsed.prefix)));
  }

  /**
   * The same answer as authenticate() when the token's record is cached, without a promise
   * (each one costs on the hot path: kit context.ts); undefined when it must be looked up.
   */
  authenticateCached(authorization: string | undefined): TokenPrincipal | undefined {
    const parsed = parseBearer(authorization);
    const cached = parsed && this.cache.get(parsed.prefix);
    if (!cached || cached.cachedUntil <= Date.now()) return undefined;
    return this.accept(parsed, cached);
  }

  private accept(parsed: ParsedToken | undefined, token: CachedToken | undefined): TokenPrincipal {
    if (!parsed || !token || !tokenMatches(parsed.token, token.tokenHash)) {
      throw new Unauthorized('invalid_token', 'The bearer token is not valid.', {
        'WWW-Authenticate': INVALID,
      });
    }
    // Recorded before the revocation and expiry checks: the spec counts a use whether or not
    // the request succeeds (a revoked token still in use is worth seeing).
    const now = this.clock();
    this.touch(token, now);
    if (token.revokedAt)
      throw new Unauthorized('token_revoked', 'This API token was revoked.', {
        'WWW-Authenticate': INVALID,
      });
    if (token.expiresAt && token.expiresAt <= now) {
      throw new Unauthorized('token_expired', 'This API token has expired.', {
        'WWW-Authenticate': INVALID,
      });
    }
    return { id: Number(token.id), name: token.name, scopes: token.scopes };
  }

  /** Forgets a token at once (revocation event from any replica). */
  drop(prefix: string): void {
    this.drops += 1;
    this.cache.delete(prefix);
  }

  private async lookup(prefix: string): Promise<CachedToken | undefined> {
    const cached = this.cache.get(prefix);
    if (cached && cached.cachedUntil > Date.now()) return cached;
    if ((this.unknown.get(prefix) ?? 0) > Date.now()) return undefined;
    const dropsBefore = this.drops;
    const record = await apiTokenRepository.findByPrefix(this.db, prefix);
    if (!record) {
      this.rememberUnknown(prefix);
      return undefined;
    }
    const { ttlMs } = this.options;
    const entry = { ...record, cachedUntil: Date.now() + ttlMs };
    // A drop() during the query may be this token's revocation, and the record read may predate
    // it: caching it would keep a revoked token valid for a whole TTL. It still answers this
    // one request, which raced the revocation anyway.
    if (ttlMs > 0 && this.drops === dropsBefore) this.cache.set(prefix, entry);
    return entry;
  }

  private rememberUnknown(prefix: string): void {
    if (this.options.negativeTtlMs === 0) return;
    this.unknown.delete(prefix);
    const oldest = this.unknown.keys().next().value;
    if (this.unknown.size >= MAX_UNKNOWN && oldest !== undefined) this.unknown.delete(oldest);
    this.unknown.set(prefix, Date.now() + this.options.negativeTtlMs);
  }

  /** last_used_at at most hourly, off the request path; whether or not the request succeeds. */
  private touch(token: CachedToken, now: Date): void {
    if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < 3_600_000) return;
    token.lastUsedAt = now;
    apiTokenRepository
      .touchLastUsed(this.db, token.id, now)
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not record token use'));
  }
}
