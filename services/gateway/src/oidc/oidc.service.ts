import { randomBytes } from 'node:crypto';
import { Invalid, Unprocessable, type Logger, type SecretBox } from '@mcs/kit';
import type { Db } from '../db';
import type { UserRecord } from '../users/user.repository';
import { withoutTrailingSlashes } from './domain/return-to';
import {
  applyChange,
  needsDiscovery,
  settingsProblems,
  type OidcSettings,
  type OidcSettingsChange,
} from './domain/oidc-settings';
import { OidcLoginRefused, type OidcAccounts } from './oidc-accounts';
import type { OidcProvider, ProviderClient } from './oidc-provider';
import { oidcSettingsRepository } from './oidc-settings.repository';
import type { PendingLoginStore } from './pending-logins';

const random = () => randomBytes(32).toString('base64url');

/**
 * Single sign-on through OpenID Connect (internal-api.md 2, 6.3): its settings, and the two
 * halves of a login — sending the browser to the provider, and turning the provider's answer
 * into one of our accounts.
 */
export class OidcService {
  constructor(
    private readonly deps: {
      db: Db;
      box: SecretBox;
      provider: OidcProvider;
      pending: PendingLoginStore;
      accounts: OidcAccounts;
      clock: () => Date;
      log: Logger;
    },
  ) {}

  settings(): Promise<OidcSettings> {
    return oidcSettingsRepository.load(this.deps.db);
  }

  /** What the login page shows without a session: whether to offer the button, and its text. */
  async loginOption(): Promise<{ enabled: boolean; button_label: string }> {
    const settings = await this.settings();
    return { enabled: settings.enabled, button_label: settings.buttonLabel };
  }

  /**
   * validate → load → apply → check the provider when enabling (or moving issuers) → store.
   * Nothing is stored when the result is invalid or the provider does not answer.
   */
  async update(change: OidcSettingsChange): Promise<OidcSettings> {
    const current = await this.settings();
    const sealed =
      change.client_secret === undefined || change.client_secret === null
        ? change.client_secret
        : this.deps.box.seal(change.client_secret);
    const next = applyChange(current, change, sealed);
    const problems = settingsProblems(next);
    if (problems.length > 0) throw new Invalid(problems);
    if (needsDiscovery(current, next)) await this.checkProvider(next.issuerUrl ?? '');
    await oidcSettingsRepository.save(this.deps.db, next, this.deps.clock());
    return next;
  }

  private async checkProvider(issuerUrl: string): Promise<void> {
    try {
      await this.deps.provider.check(issuerUrl);
    } catch (error) {
      this.deps.log.warn({ reason: reasonOf(error) }, 'oidc discovery failed');
      throw new Unprocessable(
        'connection_failed',
        `The provider's discovery document (${discoveryUrl(issuerUrl)}) could not be read: ${reasonOf(error)}.`,
      );
    }
  }

  /**
   * A new login: state, nonce and PKCE verifier kept server-side, the provider's authorization
   * URL for the browser. Answers undefined while OIDC is disabled.
   */
  async start(
    redirectUri: string,
    returnTo: string,
  ): Promise<{ loginId: string; url: URL } | undefined> {
    const settings = await this.settings();
    const client = this.clientOf(settings);
    if (!client) return undefined;
    const login = {
      state: random(),
      nonce: random(),
      codeVerifier: random(),
      redirectUri,
      returnTo,
    };
    const url = await this.deps.provider.authorizationUrl(client, {
      redirectUri,
      scope: settings.scopes,
      state: login.state,
      nonce: login.nonce,
      verifier: login.codeVerifier,
    });
    return { loginId: await this.deps.pending.put(login), url };
  }

  /**
   * Finishes the login stored under `loginId` (taken: a second call finds nothing) with the
   * provider's answer in `query`. Answers the account and where the browser goes next.
   * Throws NoStartedLogin when nothing matches, OidcLoginRefused (or openid-client's errors)
   * when the answer does not hold.
   */
  async finish(
    loginId: string | undefined,
    query: string,
  ): Promise<{ user: UserRecord; returnTo: string }> {
    const login = loginId ? await this.deps.pending.take(loginId) : undefined;
    if (!login) throw new NoStartedLogin();
    const settings = await this.settings();
    const client = this.clientOf(settings);
    if (!client) throw new OidcLoginRefused('OIDC was disabled during the login');
    const callback = new URL(login.redirectUri);
    callback.search = query;
    const { issuer, claims } = await this.deps.provider.exchange(client, callback, {
      state: login.state,
      nonce: login.nonce,
      verifier: login.codeVerifier,
    });
    const user = await this.deps.accounts.accountFor(issuer, claims, settings);
    return { user, returnTo: login.returnTo };
  }

  /** The provider client of enabled settings; undefined while disabled. */
  private clientOf(settings: OidcSettings): ProviderClient | undefined {
    if (!settings.enabled || !settings.issuerUrl || !settings.clientId) return undefined;
    return {
      issuerUrl: settings.issuerUrl,
      clientId: settings.clientId,
      // Throws UnreadableSecret when ENCRYPTION_KEYS changed: the login fails and says why.
      clientSecret: settings.clientSecretSealed
        ? this.deps.box.open(settings.clientSecretSealed)
        : null,
    };
  }
}

/** A callback that matches no login started by this browser (unknown, expired or used). */
export class NoStartedLogin extends Error {
  constructor() {
    super('the callback matches no login started by this browser');
    this.name = 'NoStartedLogin';
  }
}

function discoveryUrl(issuerUrl: string): string {
  return `${withoutTrailingSlashes(issuerUrl)}/.well-known/openid-configuration`;
}

/**
 * Why something failed, for a log line or an answer: the messages and codes of the error and of
 * the error it wraps (openid-client wraps the specific one, e.g. which claim did not match),
 * and the provider's OAuth error. Never the cause's other fields, which may hold a token
 * response or claims.
 */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const fields = error as Error & { code?: unknown; error?: unknown; error_description?: unknown };
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const parts = [
    error.message,
    cause?.message,
    fields.code,
    fields.error,
    fields.error_description,
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  return [...new Set(parts)].join('; ').slice(0, 300);
}
