import type { Logger } from '@mcs/kit';
import type { Db } from '../db';
import type { SessionService } from '../sessions/session.service';
import { userRepository, type UserRecord } from '../users/user.repository';
import {
  profileFromClaims,
  roleFromGroups,
  usernameCandidate,
  usernameFromClaims,
  type Claims,
  type Role,
} from './domain/oidc-account';
import type { OidcSettings } from './domain/oidc-settings';

/** A login the gateway refuses after the provider vouched for the person; `reason` is logged. */
export class OidcLoginRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OidcLoginRefused';
  }
}

/** Alternatives tried for a taken username (`alice-2` … `alice-50`) before giving up. */
const USERNAME_ATTEMPTS = 50;

/**
 * The gateway's accounts behind OIDC subjects (internal-api.md 2): found by issuer + `sub`,
 * created at first login only with `auto_create_users`, their role following the groups claim
 * when groups decide roles, without ever demoting the last enabled administrator.
 */
export class OidcAccounts {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly clock: () => Date,
    private readonly log: Logger,
  ) {}

  /** The enabled account of this subject, created or brought up to date; refused otherwise. */
  async accountFor(issuer: string, claims: Claims, settings: OidcSettings): Promise<UserRecord> {
    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    if (subject === '') throw new OidcLoginRefused('the ID token has no subject');
    const role = roleFromGroups(claims, settings);
    const existing = await userRepository.findByOidcIdentity(this.db, issuer, subject);
    if (existing) {
      if (!existing.enabled) throw new OidcLoginRefused('the account is disabled');
      return this.loggedIn(role ? await this.followRole(existing, role) : existing);
    }
    if (!settings.autoCreateUsers)
      throw new OidcLoginRefused(
        'no account is linked to this subject and auto_create_users is off',
      );
    const created = await this.create(issuer, subject, claims, settings, role ?? 'user');
    return this.loggedIn(created);
  }

  private loggedIn(user: UserRecord): Promise<UserRecord> {
    return userRepository.update(this.db, user.id, { lastLoginAt: this.clock() });
  }

  /**
   * Applies the role the groups claim gives. A demotion of the last enabled administrator is
   * skipped (logged): the provider's groups must not lock everyone out of the settings. Under
   * the admin lock, like the users routes, so concurrent changes cannot both pass the count.
   */
  private async followRole(user: UserRecord, role: Role): Promise<UserRecord> {
    if (user.role === role) return user;
    const updated = await this.db.$transaction(async (tx) => {
      await userRepository.lockAdminChanges(tx);
      const current = await userRepository.findById(tx, user.id);
      if (!current || current.role === role) return current ?? user;
      if (
        role === 'user' &&
        current.enabled &&
        (await userRepository.countEnabledAdmins(tx)) <= 1
      ) {
        this.log.warn(
          { user_id: Number(user.id) },
          'oidc groups would demote the last admin; kept',
        );
        return current;
      }
      return userRepository.update(tx, user.id, { role });
    });
    // A role change ends the user's other sessions, as when an administrator changes it.
    if (updated.role !== user.role) await this.sessions.endOthers(user.id);
    return updated;
  }

  /** A new account; its username is the claim's, made unique (`alice-2`) when taken. */
  private async create(
    issuer: string,
    subject: string,
    claims: Claims,
    settings: OidcSettings,
    role: Role,
  ): Promise<UserRecord> {
    const base = usernameFromClaims(claims, settings.usernameClaim);
    const profile = profileFromClaims(claims);
    for (let attempt = 1; attempt <= USERNAME_ATTEMPTS; attempt += 1) {
      const username = usernameCandidate(base, attempt);
      if (await userRepository.findByUsername(this.db, username)) continue;
      try {
        return await userRepository.createOidcUser(this.db, {
          username,
          role,
          email: profile.email,
          displayName: profile.displayName ?? username,
          enabled: true,
          oidcIssuer: issuer,
          oidcSubject: subject,
        });
      } catch (error) {
        if ((error as { code?: string }).code !== 'P2002') throw error;
        // Another login of the same person created it first, or the name was just taken.
        const raced = await userRepository.findByOidcIdentity(this.db, issuer, subject);
        if (raced) return raced;
      }
    }
    throw new OidcLoginRefused('no free username for the new account');
  }
}
