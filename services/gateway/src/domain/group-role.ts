/**
 * The role an identity provider's groups give (pure). OIDC reads the groups from a claim,
 * forward-auth from a header; both decide the same way.
 */
export type Role = 'admin' | 'user';

/** `admin` when one of the person's groups is an admin group, else `user`. */
export function roleFromGroups(groups: readonly string[], adminGroups: readonly string[]): Role {
  return groups.some((group) => adminGroups.includes(group)) ? 'admin' : 'user';
}
