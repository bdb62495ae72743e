import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** Who the provider says logs in next, and how it misbehaves (per test). */
export interface ProviderLogin {
  sub: string;
  claims?: Record<string, unknown>;
  /** Put this nonce in the ID token instead of the one the client sent. */
  nonce?: string;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  login: ProviderLogin;
}

/**
 * A small OpenID provider on a free local port, standing in for Authentik, Keycloak & co:
 * discovery, an authorization endpoint that answers at once with a code (no login screen),
 * a token endpoint that checks the client's secret and PKCE verifier and accepts each code
 * once, RS256 ID tokens signed with a key made here, and its JWKS.
 */
export class FakeOidcProvider {
  /** The next login the authorization endpoint hands out. */
  next: ProviderLogin = { sub: 'subject-1' };
  /** Token requests refused, by reason (used code, bad verifier, ...). */
  readonly refusals: string[] = [];
  /** Every authorization request's query, as the browser sent it. */
  readonly authorizations: URLSearchParams[] = [];
  private readonly grants = new Map<string, Grant>();
  private readonly key: KeyObject;
  private readonly publicJwk: Record<string, unknown>;

  private constructor(
    readonly issuer: string,
    readonly clientId: string,
    readonly clientSecret: string,
    private readonly close: () => Promise<void>,
    keys: { privateKey: KeyObject; publicKey: KeyObject },
  ) {
    this.key = keys.privateKey;
    this.publicJwk = {
      ...keys.publicKey.export({ format: 'jwk' }),
      kid: 'k1',
      alg: 'RS256',
      use: 'sig',
    };
  }

  static async start(
    clientId = 'mcs',
    clientSecret = 'provider-client-secret',
  ): Promise<FakeOidcProvider> {
    // The server needs the provider to answer, the provider the server's port.
    const ref: { provider?: FakeOidcProvider } = {};
    const server = createServer((req, res) => {
      void ref.provider?.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const provider = new FakeOidcProvider(
      `http://127.0.0.1:${port}`,
      clientId,
      clientSecret,
      () => new Promise<void>((resolve) => server.close(() => resolve())),
      generateKeyPairSync('rsa', { modulusLength: 2048 }),
    );
    ref.provider = provider;
    return provider;
  }

  stop(): Promise<void> {
    return this.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.issuer);
    if (url.pathname === '/.well-known/openid-configuration') return this.discovery(res);
    if (url.pathname === '/authorize') return this.authorize(url, res);
    if (url.pathname === '/token' && req.method === 'POST') return this.token(req, res);
    if (url.pathname === '/jwks') return send(res, 200, { keys: [this.publicJwk] });
    send(res, 404, { error: 'not_found' });
  }

  private discovery(res: ServerResponse): void {
    send(res, 200, {
      issuer: this.issuer,
      authorization_endpoint: `${this.issuer}/authorize`,
      token_endpoint: `${this.issuer}/token`,
      jwks_uri: `${this.issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
  }

  /** Hands out a code for `next` at once and sends the browser back. */
  private authorize(url: URL, res: ServerResponse): void {
    const query = url.searchParams;
    this.authorizations.push(query);
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== this.clientId || query.get('code_challenge_method') !== 'S256')
      return send(res, 400, { error: 'invalid_request' });
    const code = randomBytes(16).toString('hex');
    this.grants.set(code, {
      clientId: this.clientId,
      redirectUri,
      challenge: query.get('code_challenge') ?? '',
      nonce: query.get('nonce') ?? '',
      login: this.next,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    back.searchParams.set('iss', this.issuer);
    res.writeHead(302, { location: back.href }).end();
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await body(req));
    const code = form.get('code') ?? '';
    const grant = this.grants.get(code);
    // A code is good for one exchange only (RFC 6749 4.1.2).
    this.grants.delete(code);
    const refuse = (reason: string) => {
      this.refusals.push(reason);
      send(res, 400, { error: 'invalid_grant', error_description: reason });
    };
    if (!this.authenticated(req, form)) return refuse('client authentication failed');
    if (!grant) return refuse('unknown or used code');
    if (form.get('redirect_uri') !== grant.redirectUri) return refuse('redirect_uri differs');
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge)
      return refuse('PKCE verifier does not match');
    const now = Math.floor(Date.now() / 1000);
    const idToken = this.jwt({
      iss: this.issuer,
      aud: grant.clientId,
      sub: grant.login.sub,
      iat: now,
      exp: now + 300,
      nonce: grant.login.nonce ?? grant.nonce,
      ...grant.login.claims,
    });
    send(res, 200, {
      access_token: 'access-token',
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
    });
  }

  private authenticated(req: IncomingMessage, form: URLSearchParams): boolean {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64')
        .toString()
        .split(':')
        .map(decodeURIComponent);
      return id === this.clientId && secret === this.clientSecret;
    }
    return (
      form.get('client_id') === this.clientId && form.get('client_secret') === this.clientSecret
    );
  }

  private jwt(payload: Record<string, unknown>): string {
    const encode = (part: unknown) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const input = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${encode(payload)}`;
    return `${input}.${sign('sha256', Buffer.from(input), this.key).toString('base64url')}`;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
