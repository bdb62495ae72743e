import { ConfigError, env, type Parsed } from '@mcs/kit';
import { groupList } from './domain/identity';
import { TrustedProxies } from './domain/trusted-proxies';

/**
 * Forward-auth (trusted header SSO behind Authelia, Authentik, Keycloak's proxies): off unless
 * FORWARD_AUTH_USER_HEADER is set, and then only with an explicit list of trusted proxies.
 */
export interface ForwardAuthConfig {
  /** Lower-case header name, e.g. remote-user. */
  userHeader: string;
  /** Lower-case header name, e.g. remote-groups; null: roles are never taken from groups. */
  groupsHeader: string | null;
  trustedProxies: TrustedProxies;
  adminGroups: string[];
  /** Create a user the first time an unknown username arrives (default off). */
  autoCreate: boolean;
}

/** RFC 9110 token characters: what a header name may be made of. */
const TOKEN_CHARS = new Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyz");
const isHeaderName = (text: string) =>
  [...text.toLowerCase()].every((char) => TOKEN_CHARS.has(char));

const isProxyList = (text: string) => TrustedProxies.parse(text) instanceof TrustedProxies;

export const forwardAuthVars = {
  FORWARD_AUTH_USER_HEADER: env.pattern('', isHeaderName, 'a header name like Remote-User'),
  FORWARD_AUTH_GROUPS_HEADER: env.pattern('', isHeaderName, 'a header name like Remote-Groups'),
  FORWARD_AUTH_TRUSTED_PROXIES: env.pattern(
    '',
    isProxyList,
    'IPv4/IPv6 addresses or CIDRs, comma-separated (e.g. 172.18.0.5, 10.0.0.0/8, fd00::/8)',
  ),
  FORWARD_AUTH_ADMIN_GROUPS: env.optional(),
  FORWARD_AUTH_AUTO_CREATE: env.bool(false),
};

/**
 * The feature's settings, or null when it is off. A user header without trusted proxies is a
 * start-up error rather than "trust nobody": the operator meant to turn the feature on, and a
 * silent no-op would look like a broken proxy.
 */
export function forwardAuthConfig(vars: Parsed<typeof forwardAuthVars>): ForwardAuthConfig | null {
  if (vars.FORWARD_AUTH_USER_HEADER === '') return null;
  const trustedProxies = TrustedProxies.parse(vars.FORWARD_AUTH_TRUSTED_PROXIES);
  if (!(trustedProxies instanceof TrustedProxies) || trustedProxies.entries.length === 0) {
    throw new ConfigError([
      'FORWARD_AUTH_TRUSTED_PROXIES is required when FORWARD_AUTH_USER_HEADER is set ' +
        "(expected the proxy's addresses or CIDRs, e.g. 172.18.0.5 or 10.0.0.0/8)",
    ]);
  }
  return {
    userHeader: vars.FORWARD_AUTH_USER_HEADER.toLowerCase(),
    groupsHeader: vars.FORWARD_AUTH_GROUPS_HEADER.toLowerCase() || null,
    trustedProxies,
    adminGroups: groupList(vars.FORWARD_AUTH_ADMIN_GROUPS),
    autoCreate: vars.FORWARD_AUTH_AUTO_CREATE,
  };
}
