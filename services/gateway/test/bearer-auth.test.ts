import { waitFor } from '@mcs/kit/testing';
import { expectProblem, GatewayWorld, type Session } from './support/gateway';

let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  world = await GatewayWorld.start({ tokenCacheTtlMs: 60_000 });
  admin = await world.setup();
});
afterAll(() => world.stop());

const REALM = 'Bearer realm="media-cleanup"';
const INVALID = `${REALM}, error="invalid_token"`;

test('EA#1: no Authorization header → 401 missing_token with a Bearer challenge', async () => {
  const reply = await world.request('GET', '/api/v1/candidates');
  expectProblem(reply, 401, 'missing_token');
  expect(reply.headers.get('www-authenticate')).toBe(REALM);
});

test('a scheme other than Bearer counts as no token', async () => {
  const reply = await world.request('GET', '/api/v1/system', {
    headers: { authorization: 'Basic YWRtaW46eA==' },
  });
  expectProblem(reply, 401, 'missing_token');
});

test('EA#2, EA#3: malformed, unknown-prefix and wrong-secret tokens → 401 invalid_token', async () => {
  const { token } = await world.token(admin, ['system:read']);
  const wrongSecret = `${token.slice(0, 17)}${'A'.repeat(43)}`;
  const unknownPrefix = `mcs_0123456789ab_${token.slice(17)}`;
  for (const candidate of ['mcs_zzzzzzzzzzzz_abc', unknownPrefix, wrongSecret, 'x'.repeat(60)]) {
    const reply = await world.request('GET', '/api/v1/system', { token: candidate });
    expectProblem(reply, 401, 'invalid_token');
    expect(reply.headers.get('www-authenticate')).toBe(INVALID);
  }
});

test('the scheme is matched case-insensitively and whitespace around the token is ignored', async () => {
  const { token } = await world.token(admin, ['candidates:read']);
  const reply = await world.request('GET', '/api/v1', {
    headers: { authorization: `  bEaReR   ${token}  ` },
  });
  expect(reply.status).toBe(200);
});

test('EA#4: a revoked token → 401 token_revoked; an expired one → 401 token_expired', async () => {
  const revoked = await world.token(admin, ['system:read']);
  expect((await world.request('GET', '/api/v1', { token: revoked.token })).status).toBe(200);
  await world.request('DELETE', `/api/settings/integrations/api-tokens/${revoked.id}`, {
    session: admin,
  });
  expectProblem(
    await world.request('GET', '/api/v1', { token: revoked.token }),
    401,
    'token_revoked',
  );

  // Time passes: the stored expiry of a token (valid when created) is now behind us.
  const expiring = await world.token(admin, ['system:read'], {
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await world.db.apiToken.update({
    where: { id: BigInt(expiring.id) },
    data: { expiresAt: new Date(Date.now() - 1000) },
  });
  expectProblem(
    await world.request('GET', '/api/v1', { token: expiring.token }),
    401,
    'token_expired',
  );
});

test('EA#5: a UI session cookie alone is never accepted on /api/v1', async () => {
  expectProblem(
    await world.request('GET', '/api/v1/system', { session: admin }),
    401,
    'missing_token',
  );
});

test('revocation takes effect on every replica within a second, even with a warm token cache', async () => {
  const second = await world.addReplica();
  const { id, token } = await world.token(admin, ['tasks:read']);
  for (const replica of [0, 1]) {
    expect((await world.request('GET', '/api/v1', { token, replica })).status).toBe(200);
  }
  const revokedAt = Date.now();
  await world.request('DELETE', `/api/settings/integrations/api-tokens/${id}`, { session: admin });
  await waitFor(
    async () => (await world.request('GET', '/api/v1', { token, replica: 1 })).status === 401,
    {
      timeoutMs: 1000,
      intervalMs: 20,
      what: 'the second replica to refuse the revoked token',
    },
  );
  expect(Date.now() - revokedAt).toBeLessThan(1000);
  expect(second.url).not.toBe(world.url);
});

test('use of a token is recorded (last_used_at), at most once an hour', async () => {
  const { id, token } = await world.token(admin, ['system:read']);
  await world.request('GET', '/api/v1', { token });
  const first = await waitFor(
    async () =>
      (await world.db.apiToken.findUnique({ where: { id: BigInt(id) } }))?.lastUsedAt ?? undefined,
  );
  await world.request('GET', '/api/v1', { token });
  const later = await world.db.apiToken.findUnique({ where: { id: BigInt(id) } });
  expect(later?.lastUsedAt).toEqual(first);
});
