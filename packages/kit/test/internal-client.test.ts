import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createInternalClient, type InternalCall, type InternalClient } from '@mcs/kit';
import { testSigningKey } from '@mcs/kit/testing';

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

const key = testSigningKey('gateway');
const principal = { type: 'system' as const };
const get = (url: string) => ({ service: 'cleanup', baseUrl: base, method: 'GET', url, principal });

/**
 * Sends `request` after a GET that leaves a kept connection, until it is written on a reused
 * one (the pool may still hold the first connection busy and open another): the server then
 * drops it, as a server closing an idle connection does. Returns its outcome.
 */
async function onReusedConnection(call: InternalClient, request: InternalCall) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    received.length = 0;
    await call(get('/warm'));
    await new Promise((resolve) => setImmediate(resolve));
    const outcome = await call(request).then(
      (response) => ({ response, error: undefined }),
      (error: NodeJS.ErrnoException) => ({ response: undefined, error }),
    );
    if (received.includes(`${request.method} ${request.url} #2`)) return outcome;
  }
  throw new Error('the pool never reused a connection');
}

it('sends a GET reset on a reused connection once more, on a new one', async () => {
  const call = createInternalClient({ key, timeoutMs: 2000 });
  const { response, error } = await onReusedConnection(call, get('/b'));
  expect(error).toBeUndefined();
  expect(JSON.parse(response?.body.toString() ?? '')).toEqual({ url: '/b' });
  // The reset request on the kept connection, then the same request on a fresh one.
  expect(received).toEqual(['GET /warm #1', 'GET /b #2', 'GET /b #1']);
});

it('does not repeat a POST: the caller decides whether it may be sent again', async () => {
  const call = createInternalClient({ key, timeoutMs: 2000 });
  const post = { ...get('/c'), method: 'POST', body: '{}' };
  const { error } = await onReusedConnection(call, post);
  expect(error?.code).toBe('ECONNRESET');
  expect(received).toEqual(['GET /warm #1', 'POST /c #2']);
});

it('rejects, never throws, when it cannot sign for the service, and sends nothing', async () => {
  const call = createInternalClient({ key, timeoutMs: 2000 });
  received.length = 0;
  // Called outside expect(): a synchronous throw would fail the test here.
  const outcome = call({ ...get('/d'), service: 'intruder' });
  await expect(outcome).rejects.toThrow('No public key is listed for intruder');
  expect(received).toEqual([]);
});
