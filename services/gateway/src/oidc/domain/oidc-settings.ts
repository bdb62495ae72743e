import { outboundUrlProblem, type FieldError } from '@mcs/kit';

/** The OIDC settings as the gateway keeps them (the client secret sealed). */
export interface OidcSettings {
  enabled: boolean;
  issuerUrl: string | null;
  clientId: string | null;
  clientSecretSealed: string | null;
  scopes: string;
  usernameClaim: string;
  groupsClaim: string | null;
  adminGroups: string[];
  autoCreateUsers: boolean;
  buttonLabel: string;
}

/** internal-api.md 6.3: what GET answers before an administrator saved anything. */
export const OIDC_DEFAULTS: OidcSettings = {
  enabled: false,
  issuerUrl: null,
  clientId: null,
  clientSecretSealed: null,
  scopes: 'openid profile email',
  usernameClaim: 'preferred_username',
  groupsClaim: null,
  adminGroups: [],
  autoCreateUsers: false,
  buttonLabel: 'Log in with single sign-on',
};

/** A change as PUT sends it (contract-validated: types and lengths hold). */
export interface OidcSettingsChange {
  enabled?: boolean;
  issuer_url?: string | null;
  client_id?: string | null;
  /** Plaintext; sealed before it is stored. null removes the stored secret. */
  client_secret?: string | null;
  scopes?: string;
  username_claim?: string;
  groups_claim?: string | null;
  admin_groups?: string[];
  auto_create_users?: boolean;
  button_label?: string;
}

/** The settings after a change; `sealedSecret` is the new secret already sealed (or null). */
export function applyChange(
  current: OidcSettings,
  change: OidcSettingsChange,
  sealedSecret: string | null | undefined,
): OidcSettings {
  const blankToNull = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();
  const issuerUrl = blankToNull(change.issuer_url);
  const clientId = blankToNull(change.client_id);
  const groupsClaim = blankToNull(change.groups_claim);
  return {
    enabled: change.enabled ?? current.enabled,
    issuerUrl: issuerUrl === undefined ? current.issuerUrl : issuerUrl,
    clientId: clientId === undefined ? current.clientId : clientId,
    clientSecretSealed: sealedSecret === undefined ? current.clientSecretSealed : sealedSecret,
    scopes: change.scopes === undefined ? current.scopes : normalizeScopes(change.scopes),
    usernameClaim: change.username_claim?.trim() ?? current.usernameClaim,
    groupsClaim: groupsClaim === undefined ? current.groupsClaim : groupsClaim,
    adminGroups: change.admin_groups ?? current.adminGroups,
    autoCreateUsers: change.auto_create_users ?? current.autoCreateUsers,
    buttonLabel: change.button_label?.trim() ?? current.buttonLabel,
  };
}

const normalizeScopes = (scopes: string) => scopes.split(' ').filter(Boolean).join(' ');

/** RFC 6749 3.3 scope-token: printable ASCII except space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** Every problem of the settings as a whole, each naming its field. */
export function settingsProblems(settings: OidcSettings): FieldError[] {
  const errors: FieldError[] = [];
  const field = (name: string, message: string) => errors.push({ in: 'body', name, message });
  if (settings.issuerUrl !== null) {
    const problem = issuerProblem(settings.issuerUrl);
    if (problem) field('issuer_url', problem);
  } else if (settings.enabled) field('issuer_url', 'Is required while OIDC is enabled.');
  if (settings.enabled && settings.clientId === null)
    field('client_id', 'Is required while OIDC is enabled.');
  const scopes = settings.scopes.split(' ');
  if (!scopes.every((scope) => SCOPE_TOKEN.test(scope)))
    field('scopes', 'Must be scope names separated by spaces.');
  else if (!scopes.includes('openid')) field('scopes', 'Must include openid.');
  if (settings.usernameClaim === '') field('username_claim', 'Must not be blank.');
  if (settings.buttonLabel === '') field('button_label', 'Must not be blank.');
  settings.adminGroups.forEach((group, index) => {
    if (group.trim() === '') field(`admin_groups[${index}]`, 'Must not be blank.');
  });
  return errors;
}

function issuerProblem(url: string): string | undefined {
  const refused = outboundUrlProblem(url);
  if (refused) return refused.message;
  const parsed = new URL(url);
  if (parsed.search !== '' || parsed.hash !== '' || url.includes('?') || url.includes('#'))
    return 'Must not contain a query or fragment.';
  return undefined;
}

/**
 * Enabling, or moving an enabled login to another issuer, must first show that the provider
 * answers its discovery document: a typo would otherwise only surface at the next login.
 */
export function needsDiscovery(before: OidcSettings, after: OidcSettings): boolean {
  return after.enabled && (!before.enabled || before.issuerUrl !== after.issuerUrl);
}
