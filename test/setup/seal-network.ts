/**
 * Every test file runs with the network sealed (STYLE 11), set once here (jest's
 * setupFilesAfterEnv): a connection to anything but this machine fails, whatever opens it
 * (node:http, fetch, pg, Redis, AMQP). The tests' PostgreSQL, Redis, RabbitMQ, services and
 * stand-ins listen on loopback, and nock stands in for the systems we do not own in the files
 * that use it.
 *
 * The seal is at the socket, not `nock.disableNetConnect()`: nock seals only by routing every
 * HTTP request of the file through its interceptor, which opens a new socket per request and
 * never reuses one. Under it, webhooks' kept receiver connections (decision 015) and anything
 * else that depends on keep-alive would be tested on a transport that behaves differently.
 * Names are not sent to DNS: `localhost`, or a name a test resolves itself (`receiver.test` →
 * 127.0.0.1), checked on the address its look-up answered.
 */
import { lookup as dnsLookup } from 'node:dns';
import { isIP, Socket, type LookupFunction } from 'node:net';

const LOCAL = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+|0\.0\.0\.0|::)$/;

function sealed(target: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(
    `the network is sealed in tests: ${target} is not this machine (test/setup/seal-network.ts)`,
  );
  error.code = 'ENETUNREACH';
  return error;
}

/** Options as Socket#connect receives them: normalized by net.connect (an array) or raw. */
type ConnectArgs = unknown[];
interface TcpOptions {
  host?: string;
  port?: number | string;
  path?: string | null;
  lookup?: LookupFunction;
}

/** The look-up the socket would use, answering only with addresses of this machine. */
function localOnly(lookup: LookupFunction = dnsLookup): LookupFunction {
  return (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
      if (addresses.some((a) => !LOCAL.test(a))) return callback(sealed(hostname), '', 0);
      callback(null, address, family);
    });
}

// Called below with the socket as `this` (Reflect.apply), as Node calls it.
// eslint-disable-next-line @typescript-eslint/unbound-method
const original = Socket.prototype.connect;
const seal = Symbol.for('mcs.sealNetwork');

if (!(seal in original)) {
  const connect = function (this: Socket, ...args: ConnectArgs): Socket {
    // net.connect hands over [options, callback] normalized; a direct call passes raw args.
    const normalized = Array.isArray(args[0]);
    const first: unknown = normalized ? (args[0] as unknown[])[0] : args[0];
    const options: TcpOptions =
      typeof first === 'object' && first !== null
        ? { ...(first as TcpOptions) }
        : typeof first === 'string' && !/^\d+$/.test(first)
          ? { path: first }
          : { port: first as number, host: typeof args[1] === 'string' ? args[1] : undefined };
    // A unix socket is this machine; http hands its request path over as `path: null`.
    if (!options.path) {
      const host = options.host ?? 'localhost';
      // No DNS query leaves either: a name is looked up only by a test's own resolver.
      const outside = isIP(host)
        ? !LOCAL.test(host)
        : host !== 'localhost' && options.lookup === undefined;
      if (outside) {
        process.nextTick(() => this.destroy(sealed(host)));
        return this;
      }
      if (!isIP(host)) options.lookup = localOnly(options.lookup);
    }
    const rest = normalized ? (args[0] as unknown[]).slice(1) : args.slice(1);
    const cb = rest.find((arg) => typeof arg === 'function');
    return Reflect.apply(original, this, cb ? [options, cb] : [options]) as Socket;
  };
  Object.defineProperty(connect, seal, { value: true });
  Socket.prototype.connect = connect;
}
