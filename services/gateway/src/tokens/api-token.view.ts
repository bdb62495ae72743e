import type { ApiTokenRecord } from './api-token.repository';

/** An API token as the API shows it: never the token or its digest. */
export function apiTokenView(token: ApiTokenRecord) {
  return {
    id: Number(token.id),
    name: token.name,
    token_prefix: token.prefix,
    scopes: token.scopes,
    expires_at: token.expiresAt?.toISOString() ?? null,
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    revoked_at: token.revokedAt?.toISOString() ?? null,
    created_by: token.createdBy
      ? { id: Number(token.createdBy.id), username: token.createdBy.username }
      : null,
    created_at: token.createdAt.toISOString(),
  };
}
