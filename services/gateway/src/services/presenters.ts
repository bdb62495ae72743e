import type { ApiTokenRecord } from '../repositories/api-token.repository';
import type { UserRecord } from '../repositories/user.repository';

/** API shapes of the gateway's records (snake_case, ISO timestamps, numbers for ids). */
export function userSummary(user: UserRecord) {
  return {
    id: Number(user.id),
    username: user.username,
    display_name: user.displayName,
    role: user.role as 'admin' | 'user',
    email: user.email,
    enabled: user.enabled,
    auth_provider: user.authProvider as 'local' | 'oidc',
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

export type UserSummary = ReturnType<typeof userSummary>;

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
