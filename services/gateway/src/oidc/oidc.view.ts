import type { InternalApi } from '@mcs/contracts';
import type { OidcSettings } from './domain/oidc-settings';

type OidcSettingsView = InternalApi.components['schemas']['OidcSettings'];

/** The settings as the API shows them: the secret only as whether one is set. */
export function oidcSettingsView(settings: OidcSettings, redirectUri: string): OidcSettingsView {
  return {
    enabled: settings.enabled,
    issuer_url: settings.issuerUrl,
    client_id: settings.clientId,
    client_secret_set: settings.clientSecretSealed !== null,
    scopes: settings.scopes,
    username_claim: settings.usernameClaim,
    groups_claim: settings.groupsClaim,
    admin_groups: settings.adminGroups,
    auto_create_users: settings.autoCreateUsers,
    button_label: settings.buttonLabel,
    redirect_uri: redirectUri,
  };
}
