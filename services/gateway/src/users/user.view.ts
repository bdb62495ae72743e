import type { UserRecord } from './user.repository';

/** A user as the API shows it (snake_case, ISO timestamps, numbers for ids). */
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
