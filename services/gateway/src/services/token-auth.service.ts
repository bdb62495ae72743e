import { Unauthorized, type Logger } from '@mcs/kit';
import type { Db } from '../db';
import { apiTokenRepository } from '../repositories/api-token.repository';
import { parseToken, tokenMatches } from '../security/tokens';

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

const REALM = 'Bearer realm="media-cleanup"';
const INVALID = `${REALM}, error="invalid_token"`;

/**
 * Bearer authentication for /api/v1 (external-api.md 1.3). Verified tokens are cached briefly
 * by prefix; a revocation event drops the entry on every replica at once, and the short TTL
 * bounds staleness even if that event is late.
 */
export class TokenAuthService {
  private readonly cache = new Map<string, CachedToken>();

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly ttlMs: number,
    private readonly log: Logger,
  ) {}

  async authenticate(authorization: string | undefined): Promise<TokenPrincipal> {
    const match = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) {
      const bearer = /^\s*bearer\b/i.test(authorization ?? '');
      if (bearer)
        throw new Unauthorized('invalid_token', 'The bearer token is malformed.', {
          'WWW-Authenticate': INVALID,
        });
      throw new Unauthorized('missing_token', 'This request needs a bearer token.', {
        'WWW-Authenticate': REALM,
      });
    }
    const parsed = parseToken(match[1] as string);
    const token = parsed && (await this.lookup(parsed.prefix));
    if (!parsed || !token || !tokenMatches(parsed.token, token.tokenHash)) {
      throw new Unauthorized('invalid_token', 'The bearer token is not valid.', {
        'WWW-Authenticate': INVALID,
      });
    }
    const now = this.clock();
    if (token.revokedAt)
      throw new Unauthorized('token_revoked', 'This API token was revoked.', {
        'WWW-Authenticate': INVALID,
      });
    if (token.expiresAt && token.expiresAt <= now) {
      throw new Unauthorized('token_expired', 'This API token has expired.', {
        'WWW-Authenticate': INVALID,
      });
    }
    this.touch(token, now);
    return { id: Number(token.id), name: token.name, scopes: token.scopes };
  }

  /** Forgets a token at once (revocation event from any replica). */
  drop(prefix: string): void {
    this.cache.delete(prefix);
  }

  private async lookup(prefix: string): Promise<CachedToken | undefined> {
    const cached = this.cache.get(prefix);
    if (cached && cached.cachedUntil > Date.now()) return cached;
    const record = await apiTokenRepository.findByPrefix(this.db, prefix);
    if (!record) return undefined;
    const entry = { ...record, cachedUntil: Date.now() + this.ttlMs };
    if (this.ttlMs > 0) this.cache.set(prefix, entry);
    return entry;
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
