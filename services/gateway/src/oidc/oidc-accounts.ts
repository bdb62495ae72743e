import type { Logger } from '@mcs/kit';
import type { Db } from '../db';
import type { SessionService } from '../sessions/session.service';
import type { Role } from '../domain/group-role';
import { followGroupRole } from '../users/group-role.service';
import { userRepository, type UserRecord } from '../users/user.repository';
import {
  profileFromClaims,
  roleFromClaims,
  usernameCandidate,
  usernameFromClaims,
  type Claims,
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
    readonly db: Db,
    readonly sessions: SessionService,
    private readonly clock: () => Date,
    readonly log: Logger,
  ) {}

  /** The enabled account of this subject, created or brought up to date; refused otherwise. */
  async accountFor(issuer: string, claims: Claims, settings: OidcSettings): Promise<UserRecord> {
    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    if (subject === '') throw new OidcLoginRefused('the ID token has no subject');
    const role = roleFromClaims(claims, settings);
    const existing = await userRepository.findByOidcIdentity(this.db, issuer, subject);
    if (existing) {
      if (!existing.enabled) throw new OidcLoginRefused('the account is disabled');
      return this.loggedIn(role ? await followGroupRole(this, existing, role, 'oidc') : existing);
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
        return await userRepository.createExternal(this.db, {
          authProvider: 'oidc',
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
