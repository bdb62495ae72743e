import { Conflict, Invalid, Unauthorized } from '@mcs/kit';
import type { Db } from '../db';
import type { SessionService } from '../sessions/session.service';
import type { Passwords } from '../users/passwords';
import { userRepository, type UserRecord } from '../users/user.repository';

/** Password login and password change for local accounts. */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly clock: () => Date,
    private readonly passwords: Passwords,
  ) {}

  /**
   * Unknown user, wrong password and disabled account give the same answer in about the same
   * time, so the login form cannot be used to find out which usernames exist.
   */
  async login(username: string, password: string): Promise<UserRecord> {
    const user = await userRepository.findByUsername(this.db, username);
    const valid = await this.passwords.verify(password, user?.passwordHash);
    if (!user || !valid || !user.enabled || !user.passwordHash) {
      throw new Unauthorized('invalid_credentials', 'The username or password is incorrect.');
    }
    return userRepository.update(this.db, user.id, { lastLoginAt: this.clock() });
  }

  async changePassword(
    user: UserRecord,
    sessionIdHash: string,
    current: string,
    next: string,
  ): Promise<void> {
    if (user.authProvider !== 'local' || !user.passwordHash) {
      throw new Conflict('not_local_account', 'This account signs in through single sign-on.');
    }
    if (!(await this.passwords.verify(current, user.passwordHash))) {
      throw new Invalid([
        { in: 'body', name: 'current_password', message: 'Is not the current password.' },
      ]);
    }
    await userRepository.update(this.db, user.id, {
      passwordHash: await this.passwords.hash(next),
    });
    // The acting session survives a self password change; every other one ends.
    await this.sessions.endOthers(user.id, sessionIdHash);
  }
}
