import { GatewayWorld } from './support/gateway';

/**
 * A gateway behind a TLS proxy that it does not trust sees plain HTTP: session cookies lose
 * Secure (COOKIE_SECURE=auto) and every client has the proxy's address, so the per-address
 * limits count all clients as one. The operator hears about it once (issue 25 point 4).
 */

let world: GatewayWorld;
// Replica 0: TRUST_PROXY=false (the default); 1: behind a trusted loopback proxy.
const [UNTRUSTED, TRUSTED] = [0, 1];

beforeAll(async () => {
  world = await GatewayWorld.start({}, {}, undefined, 'warn');
  await world.addReplica({ trustProxy: 'loopback' });
});
afterAll(() => world.stop());

const get = (replica: number, headers: Record<string, string> = {}) =>
  world.request('GET', '/api/setup/status', { replica, headers });
const warnings = (replica: number) =>
  (world.logs[replica] ?? []).filter((line) => String(line.msg).includes('TRUST_PROXY'));

test('requests without X-Forwarded-Proto cause no warning', async () => {
  await get(UNTRUSTED);
  await get(UNTRUSTED, { 'x-forwarded-proto': 'http' });
  expect(warnings(UNTRUSTED)).toEqual([]);
});

test('X-Forwarded-Proto: https while TRUST_PROXY is off: one warning for the process, however many requests', async () => {
  await get(UNTRUSTED, { 'x-forwarded-proto': 'https' });
  await get(UNTRUSTED, { 'x-forwarded-proto': 'HTTPS, http' });
  const lines = warnings(UNTRUSTED);
  expect(lines).toHaveLength(1);
  expect(lines[0]?.level).toBe(40);
  expect(String(lines[0]?.msg)).toMatch(/X-Forwarded-Proto: https.*TRUST_PROXY/);
});

test('with TRUST_PROXY set there is nothing to warn about', async () => {
  await get(TRUSTED, { 'x-forwarded-proto': 'https' });
  await get(TRUSTED, { 'x-forwarded-proto': 'https' });
  expect(warnings(TRUSTED)).toEqual([]);
});
