import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';
import type { User } from '../generated/prisma/client';
import { sessionRepository } from './session.repository';

/**
 * Server-side UI sessions (internal-api.md 1.2): the cookie holds 256 random bits, the
 * database only their SHA-256. 24 h sliding expiry (written at most once a minute), 30 days at
 * most after login; a CSRF token per session.
 */
export const SESSION_COOKIE = 'mcs_session';
const SLIDING_MS = 24 * 3_600_000;
const ABSOLUTE_MS = 30 * 24 * 3_600_000;
const WRITE_EVERY_MS = 60_000;

export interface ActiveSession {
  idHash: string;
  user: User;
  csrfToken: string;
  expiresAt: Date;
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  async start(user: User): Promise<{ cookieValue: string; session: ActiveSession }> {
    const cookieValue = randomBytes(32).toString('base64url');
    const session = {
      idHash: hash(cookieValue),
      userId: user.id,
      csrfToken: randomBytes(32).toString('base64url'),
      expiresAt: new Date(this.clock().getTime() + SLIDING_MS),
    };
    await sessionRepository.create(this.db, session);
    return {
      cookieValue,
      session: {
        idHash: session.idHash,
        user,
        csrfToken: session.csrfToken,
        expiresAt: session.expiresAt,
      },
    };
  }

  /** The live session behind a cookie value, moving its expiry forward; undefined otherwise. */
  async resolve(cookieValue: string): Promise<ActiveSession | undefined> {
    const idHash = hash(cookieValue);
    const found = await sessionRepository.find(this.db, idHash);
    const now = this.clock();
    if (!found || found.expiresAt <= now || !found.user.enabled) return undefined;
    const absoluteEnd = found.createdAt.getTime() + ABSOLUTE_MS;
    let expiresAt = found.expiresAt;
    if (now.getTime() - found.lastSeenAt.getTime() >= WRITE_EVERY_MS) {
      expiresAt = new Date(Math.min(now.getTime() + SLIDING_MS, absoluteEnd));
      await sessionRepository.extend(this.db, idHash, now, expiresAt);
    }
    return { idHash, user: found.user, csrfToken: found.csrfToken, expiresAt };
  }

  end(idHash: string): Promise<unknown> {
    return sessionRepository.delete(this.db, idHash);
  }

  endOthers(userId: bigint, keep?: string): Promise<unknown> {
    return sessionRepository.deleteForUser(this.db, userId, keep);
  }

  static csrfMatches(session: ActiveSession, given: string | undefined): boolean {
    const expected = Buffer.from(session.csrfToken);
    const actual = Buffer.from(given ?? '');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
