import type { InternalApi } from '@mcs/contracts';
import { Conflict } from '@mcs/kit';
import type { Db } from '../db';
import type { Passwords } from '../users/passwords';
import { userRepository, type UserRecord } from '../users/user.repository';
import { setupRepository } from './setup.repository';

export type SetupInput = InternalApi.components['schemas']['SetupRequest'];

/** First-run setup: the first administrator, created exactly once. */
export class SetupService {
  private complete = false;

  constructor(
    private readonly db: Db,
    private readonly passwords: Pick<Passwords, 'hash'>,
  ) {}

  /** True once setup is known to be complete: answered without a query or a promise. */
  get knownComplete(): boolean {
    return this.complete;
  }

  /** Cached once true: setup can never be undone (the last admin cannot be removed). */
  async isComplete(): Promise<boolean> {
    if (!this.complete) this.complete = await setupRepository.isComplete(this.db);
    return this.complete;
  }

  async completeSetup(input: SetupInput): Promise<UserRecord> {
    // Checked before hashing: a password hash is deliberately slow, and after setup anyone
    // could otherwise make the gateway compute one per request.
    if (await this.isComplete()) throw alreadyComplete();
    const passwordHash = await this.passwords.hash(input.password);
    try {
      const user = await this.db.$transaction(async (tx) => {
        await setupRepository.markComplete(tx);
        return userRepository.create(tx, {
          username: input.username,
          passwordHash,
          role: 'admin',
          email: input.email ?? null,
          displayName: input.display_name ?? input.username,
          enabled: true,
        });
      });
      this.complete = true;
      return user;
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw alreadyComplete();
      throw error;
    }
  }
}

const alreadyComplete = () =>
  new Conflict('setup_already_complete', 'The service has already been set up.');
