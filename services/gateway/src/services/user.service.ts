import { Conflict, NotFound } from '@mcs/kit';
import type { Db } from '../db';
import { hashPassword } from '../security/passwords';
import { userRepository, type UserRecord } from '../repositories/user.repository';
import type { SessionService } from './session.service';

export interface UserInput {
  username: string;
  password: string;
  role: 'admin' | 'user';
  email?: string | null;
  display_name?: string | null;
  enabled?: boolean;
}

export interface UserChanges {
  role?: 'admin' | 'user';
  password?: string;
  email?: string | null;
  display_name?: string;
  enabled?: boolean;
}

/** Administrator user management (internal-api.md §4). */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
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
        passwordHash: await hashPassword(input.password),
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
    const user = await this.find(id);
    const losesAdmin =
      user.role === 'admin' &&
      user.enabled &&
      (changes.role === 'user' || changes.enabled === false);
    if (losesAdmin) await this.refuseIfLastAdmin();
    const updated = await userRepository.update(this.db, id, {
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.password !== undefined
        ? { passwordHash: await hashPassword(changes.password) }
        : {}),
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.display_name !== undefined ? { displayName: changes.display_name } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
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
    const user = await this.find(id);
    if (user.role === 'admin' && user.enabled) await this.refuseIfLastAdmin();
    await userRepository.delete(this.db, id);
  }

  private async find(id: bigint): Promise<UserRecord> {
    const user = await userRepository.findById(this.db, id);
    if (!user) throw new NotFound(`User ${id} was not found.`);
    return user;
  }

  private async refuseIfLastAdmin(): Promise<void> {
    if ((await userRepository.countEnabledAdmins(this.db)) <= 1) {
      throw new Conflict('last_admin', 'At least one enabled administrator must remain.');
    }
  }
}

function usernameTaken(username: string): Conflict {
  return new Conflict('username_taken', `The username ${username} is already taken.`);
}
