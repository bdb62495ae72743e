import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createInternalClient, generateSigningKeyPair, parsePrivateKey } from '@mcs/kit';

// A server that answers the first request on each connection and drops the connection when a
// second request arrives on it: the moment a keep-alive connection closes under a request the
// client wrote on it (the server's idle timeout racing the client's reuse), made deterministic.
let server: Server;
let base: string;
const connections: Socket[] = [];
const seen = new WeakMap<Socket, number>();
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const count = (seen.get(req.socket) ?? 0) + 1;
    seen.set(req.socket, count);
    received.push(`${req.method} ${req.url} #${count}`);
    if (count > 1) {
      req.socket.destroy();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ url: req.url }));
  });
  server.on('connection', (socket: Socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
});

const key = {
  service: 'gateway',
  privateKey: parsePrivateKey(generateSigningKeyPair().privateKey),
};
const principal = { type: 'system' as const };

it('sends a GET reset on a reused connection once more, on a new one', async () => {
  const call = createInternalClient({ key, timeoutMs: 2000 });
  const first = await call({ service: 'x', baseUrl: base, method: 'GET', url: '/a', principal });
  const second = await call({ service: 'x', baseUrl: base, method: 'GET', url: '/b', principal });
  expect(JSON.parse(first.body.toString())).toEqual({ url: '/a' });
  expect(JSON.parse(second.body.toString())).toEqual({ url: '/b' });
  // The reset request on the kept connection, then the same request on a fresh one.
  expect(received).toEqual(['GET /a #1', 'GET /b #2', 'GET /b #1']);
});

it('does not repeat a POST: the caller decides whether it may be sent again', async () => {
  const call = createInternalClient({ key, timeoutMs: 2000 });
  await call({ service: 'x', baseUrl: base, method: 'GET', url: '/a', principal });
  await expect(
    call({ service: 'x', baseUrl: base, method: 'POST', url: '/c', body: '{}', principal }),
  ).rejects.toMatchObject({ code: 'ECONNRESET' });
  expect(received).toEqual(['GET /a #1', 'POST /c #2']);
});
