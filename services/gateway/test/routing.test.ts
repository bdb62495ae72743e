import { createServer, type Server, type Socket } from 'node:net';
import { expectProblem, GatewayWorld, type Session } from './support/gateway';

/**
 * Routing when the owning service misbehaves (issue 3 point 8): a service that accepts
 * connections but never answers makes the gateway answer 503 problem+json after its timeout —
 * never hang, never 500.
 */
let silent: Server;
const sockets: Socket[] = [];
/** What reached the service, as raw HTTP text. */
let received = '';
let world: GatewayWorld;
let admin: Session;

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.push(socket);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  world = await GatewayWorld.start({ internalTimeoutMs: 300 }, { scheduler: url });
  admin = await world.setup();
});
afterAll(async () => {
  await world.stop();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

test('a service that never answers → 503 service_unavailable with Retry-After after the timeout', async () => {
  const { token } = await world.token(admin, ['tasks:read']);
  const started = Date.now();
  const reply = await world.request('GET', '/api/v1/tasks', { token });
  expectProblem(reply, 503, 'service_unavailable');
  expect(reply.headers.get('retry-after')).toBeTruthy();
  expect(Date.now() - started).toBeLessThan(3000);
});

test("the forwarded request is signed, carries the client's request id, and no credentials", async () => {
  const { id, token } = await world.token(admin, ['tasks:read']);
  received = '';
  const reply = await world.request('GET', '/api/v1/tasks?unknown=1', {
    token,
    headers: { 'x-request-id': 'trace-me-123' },
  });
  expect(reply.body.request_id).toBe('trace-me-123');
  const head = received.toLowerCase();
  expect(head).toMatch(/^get \/api\/v1\/tasks http\/1\.1\r\n/);
  expect(head).toContain('x-request-id: trace-me-123');
  // An HMAC-SHA256 (32 bytes, base64url) under the key the gateway shares with the scheduler
  // (decision 032).
  expect(head).toMatch(/x-mcs-signature: [\w-]{43}\r\n/);
  expect(head).toContain('x-mcs-signer: gateway');
  const principal = /x-mcs-principal: (\S+)/i.exec(received)?.[1] as string;
  expect(JSON.parse(Buffer.from(principal, 'base64url').toString())).toEqual({
    type: 'api_token',
    id,
    scopes: ['tasks:read'],
    name: 'token tasks:read',
  });
  expect(head).not.toContain('authorization');
});
