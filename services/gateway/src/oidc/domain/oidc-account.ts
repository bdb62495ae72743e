import { roleFromGroups, type Role } from '../../domain/group-role';

/** The ID token claims the gateway reads (everything else is ignored). */
export type Claims = Record<string, unknown>;

/** What decides a role from groups: both must be configured for groups to count. */
export interface GroupRule {
  groupsClaim: string | null;
  adminGroups: readonly string[];
}

/**
 * The role the groups claim gives, or undefined when groups do not decide roles (no claim
 * configured or no admin group listed). A missing or malformed claim means no groups: the
 * provider said nothing that makes this person an administrator.
 */
export function roleFromClaims(claims: Claims, rule: GroupRule): Role | undefined {
  if (!rule.groupsClaim || rule.adminGroups.length === 0) return undefined;
  const value = claims[rule.groupsClaim];
  const listed = Array.isArray(value) ? value : [value];
  const groups = listed.filter((group): group is string => typeof group === 'string');
  return roleFromGroups(groups, rule.adminGroups);
}

const USERNAME_MAX = 64;
const USERNAME_MIN = 3;

/**
 * A username for a new account: the configured claim, else `email`, else `sub`, made to fit
 * the username rules (3…64 of letters, digits and `._@-`; other characters become `-`).
 */
export function usernameFromClaims(claims: Claims, usernameClaim: string): string {
  const first = [claims[usernameClaim], claims.email, claims.sub].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  const cleaned = (first ?? 'oidc-user').trim().replace(/[^A-Za-z0-9._@-]/g, '-');
  const fitted = cleaned.slice(0, USERNAME_MAX);
  return fitted.length >= USERNAME_MIN ? fitted : `${fitted}-user`.slice(0, USERNAME_MAX);
}

/** The n-th alternative of a taken username (`alice-2`, `alice-3`, …), within 64 characters. */
export function usernameCandidate(base: string, attempt: number): string {
  if (attempt <= 1) return base;
  const suffix = `-${attempt}`;
  return `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
}

/** A display name and email for a new account, when the claims carry usable ones. */
export function profileFromClaims(claims: Claims): { displayName?: string; email: string | null } {
  const name = typeof claims.name === 'string' ? claims.name.trim().slice(0, 100) : '';
  const email =
    typeof claims.email === 'string' && claims.email.length <= 254 && claims.email.includes('@')
      ? claims.email
      : null;
  return { ...(name ? { displayName: name } : {}), email };
}
