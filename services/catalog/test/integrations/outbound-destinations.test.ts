/**
 * The transport refuses link-local and cloud metadata destinations whatever the URL says: host
 * names are judged by the addresses they resolve to, at connect time. nock is not used here on
 * purpose: it intercepts requests before the agent resolves anything, which is what is tested.
 * The resolver is injected, so no test needs DNS or a network beyond localhost.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAgent, send, type Resolve } from '../../src/integrations/http-transport';
import { RadarrClient } from '../../src/integrations/radarr';
import { failureOf, testConfig } from './support';

let server: http.Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.headers.host}${req.url}`);
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(() => {
  seen.length = 0;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const resolvingTo =
  (...addresses: string[]): Resolve =>
  () =>
    Promise.resolve(
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

async function get(url: string, resolve: Resolve) {
  const target = new URL(url);
  const agent = createAgent(target, { maxSockets: 1, verifyTls: true, resolve });
  try {
    const response = await send(
      {
        method: 'GET',
        url: target,
        headers: {},
        signal: AbortSignal.timeout(2000),
        connectTimeoutMs: 1000,
      },
      agent,
    );
    response.resume();
    return response.statusCode;
  } finally {
    agent.destroy();
  }
}

test('a host name resolving to a link-local or metadata address is refused before connecting', async () => {
  for (const addresses of [
    ['169.254.169.254'],
    ['fe80::1'],
    ['fd00:ec2::254'],
    ['::ffff:169.254.169.254'],
    ['127.0.0.1', '169.254.169.254'],
  ]) {
    // localhost really is 127.0.0.1 here: only the injected answer can make the call unsafe.
    await expect(
      get(`http://localhost:${port}/api`, resolvingTo(...addresses)),
    ).rejects.toMatchObject({ code: 'ERR_DESTINATION_NOT_ALLOWED' });
  }
  expect(seen).toEqual([]);
});

test('a host name resolving to an allowed address is connected to that address', async () => {
  expect(await get(`http://radarr.lan:${port}/api`, resolvingTo('127.0.0.1'))).toBe(200);
  expect(seen).toEqual([`radarr.lan:${port}/api`]);
});

test('a stored base URL with a literal metadata address is refused without a connection attempt', async () => {
  for (const baseUrl of ['http://169.254.169.254', 'http://[fd00:ec2::254]:7878']) {
    const failure = await failureOf(new RadarrClient(testConfig(baseUrl)).tags());
    expect([baseUrl, failure.code]).toEqual([baseUrl, 'unreachable']);
    expect(failure.message).toContain('the destination address is not allowed');
    // Never worth a retry: the sync fails at once instead of after its back-off.
    expect(failure.transient).toBe(false);
  }
});
