import express from 'express';
import { Redis } from 'ioredis';
import {
  createHttpApp,
  createInternalClient,
  createLogger,
  listen,
  deriveSigningKey,
  formatPublicKeys,
  generateSigningKeyPair,
  parsePrivateKey,
  parsePublicKeys,
  principalOf,
  redisNonceStore,
  requireInternalSignature,
  signInternalRequest,
  type HttpServer,
  type Principal,
  type SigningKey,
} from '@mcs/kit';

import { TEST_REDIS_URL, uniqueName } from '@mcs/kit/testing';

/** Distinct keys per service, as a deployment has them. */
const pairs = {
  gateway: generateSigningKeyPair(),
  webhooks: generateSigningKeyPair(),
  scheduler: generateSigningKeyPair(),
  cleanup: generateSigningKeyPair(),
  catalog: generateSigningKeyPair(),
};
type Service = keyof typeof pairs;
const peers = parsePublicKeys(
  formatPublicKeys(Object.fromEntries(Object.entries(pairs).map(([n, p]) => [n, p.publicKey]))),
);
/** `service`'s keys; `as` signs under another name with them (a service posing as another). */
const keyOf = (service: Service, as: string = service): SigningKey =>
  deriveSigningKey(as, parsePrivateKey(pairs[service].privateKey), peers);
const GATEWAY = keyOf('gateway');
const SERVICE = 'cleanup';
const redis = new Redis(TEST_REDIS_URL);
const prefix = uniqueName('t');
let server: HttpServer;
let base: string;

beforeAll(async () => {
  const api = express.Router();
  api.use(requireInternalSignature(keyOf(SERVICE), { nonces: redisNonceStore(redis, prefix) }));
  api.post('/echo', (req, res) => {
    res.json({ principal: principalOf(res), body: req.body as unknown });
  });
  api.get('/echo', (_req, res) => {
    res.json({ principal: principalOf(res) });
  });
  const app = createHttpApp({
    log: createLogger({ service: 'test', level: 'silent' }),
    routes: (root) => root.use('/api', api),
  });
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const principal = { type: 'api_token' as const, id: 7, scopes: ['candidates:read'] };
const body = JSON.stringify({ reason: 'keep' });

function signed(
  overrides: {
    timestampMs?: number;
    key?: SigningKey;
    url?: string;
    principal?: Principal;
    service?: string;
  } = {},
): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...signInternalRequest(overrides.key ?? GATEWAY, {
      service: overrides.service ?? SERVICE,
      method: 'POST',
      url: overrides.url ?? '/api/echo',
      body,
      principal: overrides.principal ?? principal,
      timestampMs: overrides.timestampMs,
    }),
  };
}

async function post(headers: Record<string, string>, payload = body) {
  const response = await fetch(`${base}/api/echo`, { method: 'POST', headers, body: payload });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('a request signed by the gateway reaches the route with its principal', async () => {
  const call = createInternalClient({ key: GATEWAY, timeoutMs: 2000 });
  const response = await call({
    service: SERVICE,
    baseUrl: base,
    method: 'POST',
    url: '/api/echo',
    principal,
    body,
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status).toBe(200);
  expect(JSON.parse(response.body.toString())).toEqual({ principal, body: { reason: 'keep' } });
});

// Signed when the test runs, not when the file loads: on a busy machine the gap ate the 1 s
// margin of the "future" case, whose timestamp then fell inside the allowed skew.
test.each([
  ['no signature', () => ({ 'content-type': 'application/json' })],
  ['an expired signature', () => signed({ timestampMs: Date.now() - 6_000 })],
  ['a signature from the future', () => signed({ timestampMs: Date.now() + 6_000 })],
  ['a signature made with another key', () => signed({ key: keyOf('webhooks', 'gateway') })],
  ['a signature by a service nobody knows', () => signed({ key: keyOf('webhooks', 'intruder') })],
  ['a signature for another path', () => signed({ url: '/api/other' })],
  ['a signature for another service', () => signed({ service: 'catalog' })],
])('a request with %s is refused with 401 problem+json', async (_case, headers) => {
  const response = await post(headers());
  expect(response.status).toBe(401);
  expect(response.body).toMatchObject({ status: 401, code: 'invalid_signature' });
});

/** Headers of a GET signed by the gateway for `url` (sent to /api/echo by the tests). */
function signedRead(url: string): Record<string, string> {
  return signInternalRequest(GATEWAY, {
    service: SERVICE,
    method: 'GET',
    url,
    body: undefined,
    principal,
  });
}

test('a read with a bad signature is refused with 401 problem+json too (checked without a promise)', async () => {
  const headers = signedRead('/api/other');
  const response = await fetch(`${base}/api/echo`, { headers });
  expect(response.status).toBe(401);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(await response.json()).toMatchObject({ status: 401, code: 'invalid_signature' });
});

test('a signed request whose body or principal was altered is refused', async () => {
  expect((await post(signed(), JSON.stringify({ reason: 'changed' }))).status).toBe(401);
  const headers = signed();
  headers['x-mcs-principal'] = Buffer.from(JSON.stringify({ type: 'system' })).toString(
    'base64url',
  );
  expect((await post(headers)).status).toBe(401);
});

describe('a display name in the principal', () => {
  const named: Principal = { type: 'user', id: 3, role: 'admin', name: 'Ada Lovelace' };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  test('round-trips to the route, non-ASCII included', async () => {
    for (const sent of [named, { ...principal, name: 'Zoë’s backup script' }]) {
      const response = await post(signed({ principal: sent }));
      expect(response.status).toBe(200);
      expect(response.body.principal).toEqual(sent);
    }
  });

  test('is covered by the signature: changing, adding or dropping it is refused', async () => {
    const { name: _dropped, ...nameless } = named;
    const tampered: [Principal, Principal][] = [
      [named, { ...named, name: 'Mallory' }],
      [nameless, named],
      [named, nameless],
    ];
    for (const [sent, altered] of tampered) {
      const headers = signed({ principal: sent });
      headers['x-mcs-principal'] = encode(altered);
      expect(await post(headers)).toMatchObject({
        status: 401,
        body: { code: 'invalid_signature' },
      });
    }
  });
});

describe('a captured signed request', () => {
  test('that changes state is accepted once: replayed to the same service it is refused', async () => {
    const headers = signed();
    expect((await post(headers)).status).toBe(200);
    expect(await post(headers)).toMatchObject({
      status: 401,
      body: { code: 'invalid_signature', detail: 'This signed request was already used.' },
    });
  });

  test('without its nonce, or with another one, is refused', async () => {
    const { 'x-mcs-nonce': _nonce, ...bare } = signed();
    expect((await post(bare)).status).toBe(401);
    expect((await post({ ...signed(), 'x-mcs-nonce': 'chosen-by-attacker' })).status).toBe(401);
  });

  test('that only reads may be repeated within the window', async () => {
    const headers = signedRead('/api/echo');
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${base}/api/echo`, { headers });
      expect(response.status).toBe(200);
    }
  });
});

describe('a service signs only as itself', () => {
  const asSystem = (key: SigningKey) => signed({ key, principal: { type: 'system' } });

  test('another service calls as `system`, and the route learns which service it is', async () => {
    const response = await post(asSystem(keyOf('webhooks')));
    expect(response.status).toBe(200);
    expect(response.body.principal).toEqual({ type: 'system', service: 'webhooks' });
  });

  test('its key cannot speak for a user or an API token: only the gateway forwards those', async () => {
    for (const sent of [principal, { type: 'user', id: 1, role: 'admin' } as Principal]) {
      expect(await post(signed({ key: keyOf('scheduler'), principal: sent }))).toMatchObject({
        status: 401,
        body: { code: 'invalid_signature', detail: 'scheduler may not sign this principal.' },
      });
    }
  });

  test('its key cannot pose as another service', async () => {
    const headers = asSystem(keyOf('scheduler'));
    headers['x-mcs-signer'] = 'webhooks';
    expect((await post(headers)).status).toBe(401);
    const asGateway = signed({ key: keyOf('scheduler', 'gateway') });
    expect((await post(asGateway)).status).toBe(401);
  });

  test('the gateway does not sign as `system`', async () => {
    expect((await post(asSystem(GATEWAY))).status).toBe(401);
  });
});

describe('the key two services share', () => {
  // Both sides agree only if each public key's X25519 form matches its private key's: this
  // proves the Ed25519-to-X25519 conversion with distinct keys.
  test('is the same on both sides, and differs for every other pair', () => {
    const gatewayToCleanup = keyOf('gateway').sharedWith('cleanup');
    expect(gatewayToCleanup).toEqual(keyOf('cleanup').sharedWith('gateway'));
    expect(gatewayToCleanup).toHaveLength(32);
    const others = [
      keyOf('gateway').sharedWith('webhooks'),
      keyOf('webhooks').sharedWith('cleanup'),
      keyOf('scheduler').sharedWith('cleanup'),
    ];
    for (const other of others) expect(other).not.toEqual(gatewayToCleanup);
  });

  test('depends on the names: one key pair listed under two names gives each pair its own', () => {
    // As the tests' TEST_KEYS list one pair under every service's name.
    const single = parsePrivateKey(pairs.gateway.privateKey);
    const samePair = parsePublicKeys(`a=${pairs.gateway.publicKey}\nb=${pairs.gateway.publicKey}`);
    const a = deriveSigningKey('a', single, samePair);
    const b = deriveSigningKey('b', single, samePair);
    expect(a.sharedWith('b')).toEqual(b.sharedWith('a'));
    expect(a.sharedWith('a')).not.toEqual(a.sharedWith('b'));
  });

  test('is unknown for a service that is not listed: signing for it fails', () => {
    expect(GATEWAY.sharedWith('intruder')).toBeUndefined();
    expect(() => signed({ service: 'intruder' })).toThrow('No public key is listed for intruder');
  });
});
