import { openIdClient, type ClientAuth, type Configuration } from './openid-client';

/** What talking to the provider needs: where it is and who we are there. */
export interface ProviderClient {
  issuerUrl: string;
  clientId: string;
  /** Plaintext, opened from the sealed column only for the call; null for a public client. */
  clientSecret: string | null;
}

/** How long one call to the provider may take (discovery, token request, keys). */
const TIMEOUT_SECONDS = 10;
/** Discovery documents are re-read this often, so a provider's changes are picked up. */
const REDISCOVER_MS = 3_600_000;

/**
 * The OIDC provider as openid-client sees it. Discovery is cached per client (issuer, client
 * id, secret) for an hour: every login needs the endpoints, and the key set openid-client
 * fetches lives in the cached configuration too (re-read when an unknown key id appears).
 */
export class OidcProvider {
  private cached: { key: string; at: number; config: Promise<Configuration> } | undefined;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** Fetches `{issuer}/.well-known/openid-configuration`; throws when it is not usable. */
  async check(issuerUrl: string): Promise<void> {
    await this.discover({ issuerUrl, clientId: 'discovery-check', clientSecret: null });
  }

  /** The provider's configuration for this client, discovered at most once an hour. */
  configuration(client: ProviderClient): Promise<Configuration> {
    const key = JSON.stringify([client.issuerUrl, client.clientId, client.clientSecret]);
    const now = this.clock().getTime();
    if (!this.cached || this.cached.key !== key || now - this.cached.at > REDISCOVER_MS) {
      const config = this.discover(client);
      this.cached = { key, at: now, config };
      // A failed discovery is not kept: the next login tries again.
      config.catch(() => {
        if (this.cached?.config === config) this.cached = undefined;
      });
    }
    return this.cached.config;
  }

  /** The authorization URL: code flow with state, nonce and PKCE (S256). */
  async authorizationUrl(
    client: ProviderClient,
    request: { redirectUri: string; scope: string; state: string; nonce: string; verifier: string },
  ): Promise<URL> {
    const openid = await openIdClient();
    const config = await this.configuration(client);
    return openid.buildAuthorizationUrl(config, {
      redirect_uri: request.redirectUri,
      scope: request.scope,
      state: request.state,
      nonce: request.nonce,
      code_challenge: await openid.calculatePKCECodeChallenge(request.verifier),
      code_challenge_method: 'S256',
    });
  }

  /**
   * Exchanges the code of `callbackUrl` (the redirect URI with the provider's parameters) and
   * validates the ID token: issuer, audience, signature by the provider's keys, nonce, expiry.
   * Answers the provider's issuer and the token's claims.
   */
  async exchange(
    client: ProviderClient,
    callbackUrl: URL,
    checks: { state: string; nonce: string; verifier: string },
  ): Promise<{ issuer: string; claims: Record<string, unknown> }> {
    const openid = await openIdClient();
    const config = await this.configuration(client);
    const tokens = await openid.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.verifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the token response has no ID token');
    return { issuer: config.serverMetadata().issuer, claims: { ...claims } };
  }

  private async discover(client: ProviderClient): Promise<Configuration> {
    const openid = await openIdClient();
    const issuer = new URL(client.issuerUrl);
    const secret = client.clientSecret;
    // The client authentication follows what the provider offers: client_secret_basic, the
    // default when it says nothing (OpenID Connect Discovery 1.0 §3), else client_secret_post.
    const auth: ClientAuth = secret
      ? (server, ...rest) => {
          const methods = server.token_endpoint_auth_methods_supported;
          const chosen =
            !methods || methods.includes('client_secret_basic')
              ? openid.ClientSecretBasic(secret)
              : openid.ClientSecretPost(secret);
          chosen(server, ...rest);
        }
      : openid.None();
    return openid.discovery(issuer, client.clientId, undefined, auth, {
      timeout: TIMEOUT_SECONDS,
      // Home networks run providers over plain http too (an administrator chose the URL);
      // https issuers keep openid-client's refusal of any http endpoint.
      ...(issuer.protocol === 'http:' ? { execute: [openid.allowInsecureRequests] } : {}),
    });
  }
}
