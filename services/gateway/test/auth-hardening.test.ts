import { createLogger } from '@mcs/kit';
import { waitFor } from '@mcs/kit/testing';
import { loadConfig } from '../src/config';
import { TokenAuthService } from '../src/tokens/token-auth.service';
import { GATEWAY_ENV, expectProblem, GatewayWorld, type Session } from './support/gateway';

/**
 * Login origin checks behind a reverse proxy (internal-api.md 1.2), the TRUST_PROXY setting, and
 * bearer-token details (external-api.md 1.3): the scheme, last_used_at, and the token cache.
 */

const PASSWORD = 'correct horse battery';
const REALM = 'Bearer realm="media-cleanup"';

let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  // One hop: the test client on loopback plays the reverse proxy.
  world = await GatewayWorld.start({ trustProxy: 1, loginAttemptsPerMinute: 1000 });
  admin = await world.setup('admin', PASSWORD);
});
afterAll(() => world.stop());

describe('the login Origin check', () => {
  const proxied = { 'x-forwarded-host': 'media.example.test', 'x-forwarded-proto': 'https' };
  const login = (headers: Record<string, string>, replica = 0) =>
    world.request('POST', '/api/auth/login', {
      body: { username: 'admin', password: PASSWORD },
      headers,
      replica,
    });

  test('behind a trusted proxy that rewrites Host, the public origin is accepted', async () => {
    const reply = await login({ ...proxied, origin: 'https://media.example.test' });
    expect(reply.status).toBe(200);
  });

  test('another scheme or host → 403 csrf_failed', async () => {
    for (const origin of ['http://media.example.test', 'https://evil.example.test', 'null']) {
      expectProblem(await login({ ...proxied, origin }), 403, 'csrf_failed');
    }
  });

  test('forwarded headers from an untrusted peer are ignored: only the real Host counts', async () => {
    await world.addReplica({ trustProxy: false });
    const own = new URL(world.replicas[1]?.url as string).origin;
    expectProblem(
      await login({ ...proxied, origin: 'https://media.example.test' }, 1),
      403,
      'csrf_failed',
    );
    expect((await login({ ...proxied, origin: own }, 1)).status).toBe(200);
  });

  test('without a trusted proxy the scheme is unknown: a TLS-ending proxy that keeps Host works', async () => {
    if (world.replicas.length < 2) await world.addReplica({ trustProxy: false });
    const own = new URL(world.replicas[1]?.url as string);
    const https = `https://${own.host}`;
    expect((await login({ origin: https }, 1)).status).toBe(200);
    expectProblem(await login({ origin: 'https://evil.example.test' }, 1), 403, 'csrf_failed');
  });
});

describe('TRUST_PROXY', () => {
  /** loadConfig as the process sees it: stderr text and exit code, or the config. */
  function load(value: string) {
    const exit = jest.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      return { config: loadConfig({ ...GATEWAY_ENV, TRUST_PROXY: value }), error: '' };
    } catch (error) {
      return { error: `${(error as Error).message}: ${stderr.mock.calls.join('')}` };
    } finally {
      exit.mockRestore();
      stderr.mockRestore();
    }
  }

  test('true is refused at start, naming the variable and asking for hops or addresses', () => {
    const { error } = load('true');
    expect(error).toMatch(/^exit 78: /);
    expect(error).toMatch(/TRUST_PROXY is not valid \(expected .*hop count.*addresses/);
  });

  test('false, a hop count and address lists are accepted', () => {
    expect(load('false').config?.trustProxy).toBe(false);
    expect(load('2').config?.trustProxy).toBe(2);
    expect(load('loopback, 10.0.0.0/8').config?.trustProxy).toBe('loopback, 10.0.0.0/8');
    for (const value of ['fd00::/8, 192.168.1.10', '10.0.0.0/255.0.0.0', '::1'])
      expect(load(value).error).toBe('');
  });

  test('values express would crash on later are refused at start, like true', () => {
    for (const value of ['1.2.3.4/33', '1.2.3', 'abc', '.', '/', '10.0.0.0/8/8', '1,2', 'TRUE']) {
      expect(load(value).error).toMatch(/^exit 78: .*TRUST_PROXY is not valid/s);
    }
  });
});

describe('bearer tokens', () => {
  const lastUsedAt = async (id: number) =>
    (await world.db.apiToken.findUnique({ where: { id: BigInt(id) } }))?.lastUsedAt ?? undefined;

  test('a scheme that merely starts with "Bearer" is another scheme → 401 missing_token', async () => {
    for (const authorization of ['Bearer-x abc', 'Bearerabc']) {
      const reply = await world.request('GET', '/api/v1/system', { headers: { authorization } });
      expectProblem(reply, 401, 'missing_token');
      expect(reply.headers.get('www-authenticate')).toBe(REALM);
    }
  });

  test('use of a revoked or expired token is still recorded in last_used_at', async () => {
    const revoked = await world.token(admin, ['system:read']);
    await world.request('DELETE', `/api/settings/integrations/api-tokens/${revoked.id}`, {
      session: admin,
    });
    const expired = await world.token(admin, ['system:read'], {
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await world.db.apiToken.update({
      where: { id: BigInt(expired.id) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    const usedRevoked = await world.request('GET', '/api/v1', { token: revoked.token });
    expectProblem(usedRevoked, 401, 'token_revoked');
    const usedExpired = await world.request('GET', '/api/v1', { token: expired.token });
    expectProblem(usedExpired, 401, 'token_expired');
    await waitFor(() => lastUsedAt(revoked.id), { what: 'the revoked token’s last use' });
    await waitFor(() => lastUsedAt(expired.id), { what: 'the expired token’s last use' });
  });

  test('a lookup that overlapped a revocation’s drop() does not cache the record it read', async () => {
    const { id, token } = await world.token(admin, ['system:read']);
    const log = createLogger({ service: 'test', level: 'silent' });
    const auth = new TokenAuthService(
      world.db,
      () => new Date(),
      { ttlMs: 60_000, negativeTtlMs: 0 },
      log,
    );
    const prefix = token.split('_')[1] as string;

    // The drop lands while the first lookup's query is in flight, as a revocation event may.
    const first = auth.authenticate(`Bearer ${token}`);
    auth.drop(prefix);
    await first;
    await world.db.apiToken.update({ where: { id: BigInt(id) }, data: { revokedAt: new Date() } });

    await expect(auth.authenticate(`Bearer ${token}`)).rejects.toMatchObject({
      code: 'token_revoked',
    });
  });
});
