import type { Logger } from '@mcs/kit';
import type { Db } from '../db';
import type { Role } from '../domain/group-role';
import type { SessionService } from '../sessions/session.service';
import { userRepository, type UserRecord } from './user.repository';

/**
 * Gives a user the role their identity provider's groups say (OIDC, forward-auth). Under the
 * admin lock, like PUT /api/users, so two changes cannot both pass the count: the last enabled
 * administrator keeps the role (logged, so the operator sees why the groups did not apply) —
 * the provider's groups must not lock everyone out of the settings. A changed role ends the
 * user's other sessions, as an administrator's change does (internal-api.md 1.2).
 */
export async function followGroupRole(
  deps: { db: Db; sessions: SessionService; log: Logger },
  user: UserRecord,
  role: Role,
  source: 'oidc' | 'forward-auth',
): Promise<UserRecord> {
  if (user.role === role) return user;
  const { db, sessions, log } = deps;
  const updated = await db.$transaction(async (tx) => {
    await userRepository.lockAdminChanges(tx);
    const current = (await userRepository.findById(tx, user.id)) ?? user;
    if (current.role === role) return current;
    if (role === 'user' && current.enabled && (await userRepository.countEnabledAdmins(tx)) <= 1) {
      log.warn(
        { userId: Number(user.id), source },
        'the groups would demote the last enabled administrator; the role is kept',
      );
      return current;
    }
    return userRepository.update(tx, user.id, { role });
  });
  if (updated.role !== user.role) {
    log.info({ userId: Number(user.id), role: updated.role, source }, 'the groups changed a role');
    await sessions.endOthers(user.id);
  }
  return updated;
}
