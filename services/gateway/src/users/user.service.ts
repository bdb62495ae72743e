import type { InternalApi } from '@mcs/contracts';
import { Conflict, NotFound } from '@mcs/kit';
import type { Db } from '../db';
import type { Prisma } from '../generated/prisma/client';
import type { SessionService } from '../sessions/session.service';
import type { Passwords } from './passwords';
import { userRepository, type UserRecord } from './user.repository';

export type UserInput = InternalApi.components['schemas']['UserCreateRequest'];

export type UserChanges = InternalApi.components['schemas']['UserUpdateRequest'];

/** Administrator user management (internal-api.md §4). */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly passwords: Passwords,
  ) {}

  list(filter: { search?: string; role?: string }, page: number, perPage: number) {
    return userRepository.page(this.db, filter, page, perPage);
  }

  async create(input: UserInput): Promise<UserRecord> {
    if (await userRepository.findByUsername(this.db, input.username))
      throw usernameTaken(input.username);
    try {
      return await userRepository.create(this.db, {
        username: input.username,
        passwordHash: await this.passwords.hash(input.password),
        role: input.role,
        email: input.email ?? null,
        displayName: input.display_name ?? input.username,
        enabled: input.enabled ?? true,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw usernameTaken(input.username);
      throw error;
    }
  }

  async update(id: bigint, changes: UserChanges, actingSession: string): Promise<UserRecord> {
    // Hashing is slow; done before the transaction so the admin lock is held only briefly.
    const passwordHash =
      changes.password !== undefined ? await this.passwords.hash(changes.password) : undefined;
    const updated = await this.whileAdminsLocked(async (tx) => {
      const user = await find(tx, id);
      const losesAdmin =
        user.role === 'admin' &&
        user.enabled &&
        (changes.role === 'user' || changes.enabled === false);
      if (losesAdmin) await refuseIfLastAdmin(tx);
      return userRepository.update(tx, id, {
        ...(changes.role !== undefined ? { role: changes.role } : {}),
        ...(passwordHash !== undefined ? { passwordHash } : {}),
        ...(changes.email !== undefined ? { email: changes.email } : {}),
        ...(changes.display_name !== undefined ? { displayName: changes.display_name } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      });
    });
    // Credentials or rights changed: the user's other sessions end (the role is never cached,
    // but ending them makes the change take effect for open tabs too).
    if (
      changes.password !== undefined ||
      changes.role !== undefined ||
      changes.enabled !== undefined
    ) {
      await this.sessions.endOthers(id, actingSession);
    }
    return updated;
  }

  async delete(id: bigint, actingUserId: bigint): Promise<void> {
    if (id === actingUserId)
      throw new Conflict('cannot_delete_self', 'You cannot delete your own account.');
    await this.whileAdminsLocked(async (tx) => {
      const user = await find(tx, id);
      if (user.role === 'admin' && user.enabled) await refuseIfLastAdmin(tx);
      await userRepository.delete(tx, id);
    });
  }

  /**
   * Runs a read-decide-write on a user under the admin lock, so the last-admin rule holds
   * under concurrent requests. Every update takes it (not only those that look like a
   * demotion) because the user is read only once the lock is held.
   */
  private whileAdminsLocked<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.db.$transaction(async (tx) => {
      await userRepository.lockAdminChanges(tx);
      return work(tx);
    });
  }
}

async function find(db: Prisma.TransactionClient, id: bigint): Promise<UserRecord> {
  const user = await userRepository.findById(db, id);
  if (!user) throw new NotFound(`User ${id} was not found.`);
  return user;
}

async function refuseIfLastAdmin(db: Prisma.TransactionClient): Promise<void> {
  if ((await userRepository.countEnabledAdmins(db)) <= 1) {
    throw new Conflict('last_admin', 'At least one enabled administrator must remain.');
  }
}

function usernameTaken(username: string): Conflict {
  return new Conflict('username_taken', `The username ${username} is already taken.`);
}
