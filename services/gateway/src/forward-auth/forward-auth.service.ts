import type { Logger } from '@mcs/kit';
import type { ForwardAuthConfig } from '../config';
import type { Db } from '../db';
import type { ActiveSession, SessionService } from '../sessions/session.service';
import { userRepository, type UserRecord } from '../users/user.repository';
import { isValidUsername, wantedRole } from '../domain/forward-auth/identity';
import { roleFromGroups, type Role } from '../domain/group-role';
import { followGroupRole } from '../users/group-role.service';
import { OncePerMinute } from './once-per-minute';

/** What a trusted proxy said about the request's user. */
export interface ProxyClaim {
  peer: string;
  username: string;
  /** Undefined when the proxy sent no groups header (or none is configured). */
  groups: string[] | undefined;
}

export type SignIn =
  | { kind: 'kept'; session: ActiveSession }
  | { kind: 'started'; session: ActiveSession; cookieValue: string }
  | { kind: 'refused' };

/**
 * Logs in the user a trusted proxy names, with the same sessions as password login (cookie,
 * CSRF token, last_login_at), so everything after this step treats it as any other session.
 */
export class ForwardAuthService {
  private readonly refusals: OncePerMinute;

  constructor(
    private readonly deps: {
      config: ForwardAuthConfig;
      db: Db;
      sessions: SessionService;
      clock: () => Date;
      log: Logger;
    },
  ) {
    this.refusals = new OncePerMinute(deps.clock);
  }

  /**
   * The browser's session when it already belongs to the named user (no query, no new session
   * per request); otherwise a fresh session for that user, replacing the one presented (the
   * proxy's word wins: another person may have signed in through it on this browser). A name
   * that cannot log in is refused: acting as the old session's user would contradict the proxy.
   */
  async signIn(claim: ProxyClaim, current: ActiveSession | undefined): Promise<SignIn> {
    if (current && sameName(current.user.username, claim.username))
      return { kind: 'kept', session: current };
    const user = await this.userFor(claim);
    if (!user) return { kind: 'refused' };
    if (current) await this.deps.sessions.end(current.idHash);
    const { cookieValue, session } = await this.deps.sessions.start(user);
    return { kind: 'started', session, cookieValue };
  }

  /** The enabled user to log in, found, created or with its role following the groups. */
  private async userFor(claim: ProxyClaim): Promise<UserRecord | undefined> {
    const { config, db, clock } = this.deps;
    if (!isValidUsername(claim.username)) return this.refuse(claim, 'not a valid username');
    const found = await userRepository.findByUsername(db, claim.username);
    if (!found) {
      if (!config.autoCreate)
        return this.refuse(claim, 'unknown user and FORWARD_AUTH_AUTO_CREATE is off');
      return this.create(claim);
    }
    if (!found.enabled) return this.refuse(claim, 'the user is disabled');
    const role = wantedRole(found.role as Role, claim.groups, config.adminGroups);
    const user = await followGroupRole(this.deps, found, role, 'forward-auth');
    return userRepository.update(db, user.id, { lastLoginAt: clock() });
  }

  private async create(claim: ProxyClaim): Promise<UserRecord | undefined> {
    const role = roleFromGroups(claim.groups ?? [], this.deps.config.adminGroups);
    try {
      const user = await userRepository.createExternal(this.deps.db, {
        authProvider: 'proxy',
        username: claim.username,
        role,
        email: null,
        displayName: claim.username,
        enabled: true,
        lastLoginAt: this.deps.clock(),
      });
      this.deps.log.info({ userId: Number(user.id), role }, 'forward-auth created a user');
      return user;
    } catch (error) {
      // Two first requests of a new user at once: the other one created it; log in as that.
      if ((error as { code?: string }).code !== 'P2002') throw error;
      return (await userRepository.findByUsername(this.deps.db, claim.username)) ?? undefined;
    }
  }

  /**
   * Logged without the header's value (the operator gets the peer and the reason), once a
   * minute per peer and reason: a refused user's browser repeats the request on every page.
   */
  private refuse(claim: ProxyClaim, reason: string): undefined {
    if (this.refusals.take(`${claim.peer} ${reason}`))
      this.deps.log.warn(
        { peer: claim.peer, header: this.deps.config.userHeader, reason },
        'forward-auth login refused',
      );
    return undefined;
  }
}

/** Usernames are unique case-insensitively (the users index is on lower(username)). */
function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
