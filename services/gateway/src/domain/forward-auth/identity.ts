import { roleFromGroups, type Role } from '../group-role';

/**
 * What a trusted proxy says about the user, and the rules applied to it (pure: no request, no
 * database). Header values come from the proxy, so they are checked like any outside text.
 */

/** internal-api.md §3: 3 to 64 of letters, digits and `._@-` (the same rule as setup and users). */
export function isValidUsername(text: string): boolean {
  if (text.length < 3 || text.length > 64) return false;
  for (const char of text) if (!USERNAME_CHARS.has(char)) return false;
  return true;
}

const USERNAME_CHARS = new Set(
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._@-',
);

/**
 * A groups header or FORWARD_AUTH_ADMIN_GROUPS as a list: Authelia and Authentik send
 * comma-separated names, others spaces. Group names are compared exactly, as the identity
 * provider spells them.
 */
export function groupList(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .map((group) => group.trim())
    .filter(Boolean);
}

/**
 * The role a forward-auth login asks for. It follows the groups only when the operator named
 * admin groups and the proxy sent a groups header on this request: a proxy that sends no groups
 * says nothing about the role, and must not demote anyone. (The last enabled administrator is
 * still never demoted: the service checks that under the admin lock, as PUT /api/users does.)
 */
export function wantedRole(
  current: Role,
  groups: readonly string[] | undefined,
  adminGroups: readonly string[],
): Role {
  if (groups === undefined || adminGroups.length === 0) return current;
  return roleFromGroups(groups, adminGroups);
}
