import { expectProblem, GatewayWorld, type Reply } from './support/gateway';
import { callback, startLogin, type Hop } from './support/oidc-browser';
import { FakeOidcProvider } from './support/oidc-provider';

/**
 * OIDC logins count against the login limit of password logins (internal-api.md 1.2, 2): 5 a
 * minute per client address, the 6th refused with 429 rate_limited and Retry-After.
 */
let world: GatewayWorld;
let provider: FakeOidcProvider;

beforeAll(async () => {
  provider = await FakeOidcProvider.start();
  // Behind one trusted proxy, each test speaks from an address of its own.
  world = await GatewayWorld.start({ trustProxy: 'loopback' });
  const admin = await world.setup();
  const saved = await world.request('PUT', '/api/settings/oidc', {
    session: admin,
    body: {
      enabled: true,
      issuer_url: provider.issuer,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      auto_create_users: true,
    },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await world.stop();
  await provider.stop();
});

let lastAddress = 0;
const minute = () => Math.floor(Date.now() / 60_000);

/**
 * Runs `attempts` from a fresh address. Windows are fixed minutes, so a run that straddles a
 * minute boundary is repeated from another address.
 */
async function fromOneAddress<T>(attempts: (headers: Record<string, string>) => Promise<T>) {
  for (;;) {
    const headers = { 'x-forwarded-for': `198.51.100.${++lastAddress}` };
    const began = minute();
    const result = await attempts(headers);
    if (minute() === began) return result;
  }
}

const passwordLogin = (headers: Record<string, string>): Promise<Reply> =>
  world.request('POST', '/api/auth/login', {
    body: { username: 'admin', password: 'not the password' },
    headers,
  });

function expectLimited(hop: Hop): void {
  expect([hop.status, hop.body.code]).toEqual([429, 'rate_limited']);
}

test('five password attempts leave no OIDC login for the address', async () => {
  const { passwords, oidc } = await fromOneAddress(async (headers) => {
    const passwords: number[] = [];
    for (let i = 0; i < 5; i += 1) passwords.push((await passwordLogin(headers)).status);
    return { passwords, oidc: (await startLogin(world, { headers })).start };
  });
  expect(passwords).toEqual([401, 401, 401, 401, 401]);
  expectLimited(oidc);
});

test('OIDC logins use up the password logins of the address', async () => {
  const { logins, password } = await fromOneAddress(async (headers) => {
    const logins: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      provider.next = { sub: `rate-${i}` };
      const { loginCookie, callbackUrl } = await startLogin(world, { headers });
      logins.push((await callback(callbackUrl, loginCookie, headers)).location);
    }
    return { logins, password: await passwordLogin(headers) };
  });
  // Each login counted once (when it started), however many hops it took.
  expect(logins).toEqual(['/', '/', '/', '/', '/']);
  expectProblem(password, 429, 'rate_limited');
  expect(Number(password.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
});

test('callbacks that match no started login count too: the 6th is 429', async () => {
  const guesses = await fromOneAddress(async (headers) => {
    const replies: Hop[] = [];
    for (let i = 0; i < 6; i += 1)
      replies.push(
        await callback(`${world.url}/api/auth/oidc/callback?code=c${i}&state=guess`, '', headers),
      );
    return replies;
  });
  expect(guesses.slice(0, 5).map((r) => r.location)).toEqual(
    Array(5).fill('/login?error=oidc_failed'),
  );
  expectLimited(guesses[5] as Hop);
});
