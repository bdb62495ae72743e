import { isScope, type InternalApi } from '@mcs/contracts';
import { Invalid, NotFound, parseTimestamp, type Outbox } from '@mcs/kit';
import type { Db } from '../db';
import { apiTokenRepository, type ApiTokenRecord } from './api-token.repository';
import { generateToken } from './token-format';

/**
 * The contract's request body, with scopes as plain strings: the operator CLI passes what it
 * was given unchecked, and create() checks every scope itself.
 */
export type ApiTokenInput = Omit<
  InternalApi.components['schemas']['ApiTokenCreateRequest'],
  'scopes'
> & { scopes: string[] };

/** API tokens: created by administrators (UI or operator CLI), shown once, soft-revoked. */
export class ApiTokenService {
  constructor(
    private readonly db: Db,
    private readonly outbox: Outbox,
    private readonly clock: () => Date,
    /** Drops the token from this replica's cache at once; other replicas get the event. */
    private readonly onRevoked: (prefix: string) => void = () => undefined,
  ) {}

  list(): Promise<ApiTokenRecord[]> {
    return apiTokenRepository.list(this.db);
  }

  /**
   * A token by its 12-character prefix or by id (the operator CLI's `token revoke`); twelve
   * digits may be either, and the prefix is tried first.
   */
  async find(target: { prefix?: string; id?: bigint }) {
    const byPrefix =
      target.prefix === undefined
        ? null
        : await apiTokenRepository.findByPrefix(this.db, target.prefix);
    if (byPrefix || target.id === undefined) return byPrefix;
    return apiTokenRepository.findById(this.db, target.id);
  }

  async create(
    input: ApiTokenInput,
    createdById: bigint | null,
  ): Promise<{ record: ApiTokenRecord; token: string }> {
    const name = input.name.trim();
    const scopes = [...new Set(input.scopes)];
    const errors = [
      ...(name.length < 1 || name.length > 100
        ? [{ in: 'body' as const, name: 'name', message: 'Must be 1 to 100 characters long.' }]
        : []),
      ...scopes
        .filter((s) => !isScope(s))
        .map((s) => ({ in: 'body' as const, name: 'scopes', message: `Unknown scope ${s}.` })),
      ...(scopes.length === 0
        ? [{ in: 'body' as const, name: 'scopes', message: 'Must have at least 1 item(s).' }]
        : []),
    ];
    const expiresAt = input.expires_at ? parseInstant(input.expires_at) : null;
    if (expiresAt !== null && !(expiresAt > this.clock())) {
      errors.push({ in: 'body', name: 'expires_at', message: 'Must be a time in the future.' });
    }
    if (errors.length > 0) throw new Invalid(errors);
    const { prefix, token, hash } = generateToken();
    const record = await apiTokenRepository.create(this.db, {
      name,
      prefix,
      tokenHash: hash,
      scopes,
      expiresAt,
      createdById,
    });
    return { record, token };
  }

  /** Revokes and tells every gateway replica (revocation event) to drop the cached token. */
  async revoke(id: bigint): Promise<ApiTokenRecord> {
    const revoked = await this.db.$transaction(async (tx) => {
      const token = await apiTokenRepository.findById(tx, id);
      if (!token) throw new NotFound(`API token ${id} was not found.`);
      if (token.revokedAt) return token;
      await apiTokenRepository.revoke(tx, id, this.clock());
      await this.outbox.add(tx, 'gateway.api_token_revoked', {
        token_id: Number(id),
        prefix: token.prefix,
      });
      return (await apiTokenRepository.findById(tx, id)) as ApiTokenRecord;
    });
    this.onRevoked(revoked.prefix);
    return revoked;
  }
}

export function parseInstant(value: string): Date {
  const date = parseTimestamp(value);
  if (!date)
    throw new Invalid([
      { in: 'body', name: 'expires_at', message: 'Must be a valid RFC 3339 timestamp.' },
    ]);
  return date;
}
