import type { InternalApi } from '@mcs/contracts';
import type { UserRecord } from './user.repository';

type AuthProvider = InternalApi.components['schemas']['UserSummary']['auth_provider'];

/** A user as the API shows it (snake_case, ISO timestamps, numbers for ids). */
export function userSummary(user: UserRecord) {
  return {
    id: Number(user.id),
    username: user.username,
    display_name: user.displayName,
    role: user.role as 'admin' | 'user',
    email: user.email,
    enabled: user.enabled,
    // The column's CHECK constraint holds exactly the contract's values.
    auth_provider: user.authProvider as AuthProvider,
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

export type UserSummary = ReturnType<typeof userSummary>;
