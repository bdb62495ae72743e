import { get } from 'node:http';
import {
  connect,
  createServer,
  type LookupFunction,
  type Server,
  type TcpNetConnectOpts,
} from 'node:net';

/** Where a connection ends: 'connected', or the error's code and message. */
function attempt(open: (done: (outcome: string) => void) => void): Promise<string> {
  return new Promise((resolve) => open(resolve));
}

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const tcp = (options: TcpNetConnectOpts) =>
  attempt((done) => {
    const socket = connect(options, () => {
      socket.destroy();
      done('connected');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => done(`${error.code}: ${error.message}`));
  });

test('every test file runs sealed: this machine answers, an outside address or name does not', async () => {
  expect(await tcp({ host: '127.0.0.1', port })).toBe('connected');
  expect(await tcp({ host: 'localhost', port, family: 4 })).toBe('connected');
  expect(await tcp({ host: '203.0.113.7', port: 80 })).toMatch(
    /^ENETUNREACH: the network is sealed in tests: 203\.0\.113\.7/,
  );
  // Refused before any DNS query.
  expect(await tcp({ host: 'example.com', port: 80 })).toMatch(/^ENETUNREACH: .*example\.com/);
});

test('a name a test resolves itself passes only when it resolves to this machine', async () => {
  const to =
    (address: string): LookupFunction =>
    (_host, options, callback) => {
      // Node looks up every address (autoSelectFamily) unless told the family.
      if (options.all) callback(null, [{ address, family: 4 }]);
      else callback(null, address, 4);
    };
  expect(await tcp({ host: 'receiver.test', port, lookup: to('127.0.0.1') })).toBe('connected');
  expect(await tcp({ host: 'receiver.test', port, lookup: to('198.51.100.2') })).toMatch(
    /^ENETUNREACH: .*receiver\.test/,
  );
});

test('HTTP to the outside fails the request', async () => {
  const outcome = await attempt((done) => {
    // Options, not a URL string: in a worker where an earlier file loaded nock, its request
    // interceptor stays on node:http and fails on a URL string with a callback of its own.
    get({ host: 'example.com', port: 80, path: '/' }, () => done('answered')).on(
      'error',
      (error: NodeJS.ErrnoException) => done(String(error.code)),
    );
  });
  expect(outcome).toBe('ENETUNREACH');
});
