/**
 * One HTTP exchange over node:http(s). We use node:http rather than fetch because the policy
 * needs a connect timeout separate from the request timeout and a per-service `verify_tls`
 * switch (§2.1–2.2), neither of which global fetch offers without extra dependencies.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress, isBlockedHost } from '@mcs/kit';
import { LimitExceeded, type Limit } from './limits';

export interface Exchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer;
  /** Aborts the whole exchange, body included (request timeout or caller cancel). */
  signal: AbortSignal;
  connectTimeoutMs: number;
}

export class ConnectTimeout extends Error {
  constructor() {
    super('connect timeout');
    this.name = 'ConnectTimeout';
  }
}

export type Agent = http.Agent;

/** Every address a host name resolves to; dns.lookup unless a test injects its own answers. */
export type Resolve = (hostname: string, options: LookupOptions) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname, options) => lookup(hostname, { ...options, all: true });

/** A link-local or cloud metadata destination (see outbound-url in the kit). */
export class DestinationNotAllowed extends Error {
  readonly code = 'ERR_DESTINATION_NOT_ALLOWED';

  constructor() {
    super('the destination address is not allowed');
    this.name = 'DestinationNotAllowed';
  }
}

/**
 * Keep-alive matters: a full sync is thousands of page requests to the same host. The agent
 * resolves host names itself, through the guard below.
 */
export function createAgent(
  url: URL,
  options: { maxSockets: number; verifyTls: boolean; resolve?: Resolve },
): Agent {
  const common = {
    keepAlive: true,
    maxSockets: options.maxSockets,
    lookup: guardedLookup(options.resolve ?? systemResolve),
  };
  return url.protocol === 'https:'
    ? new https.Agent({ ...common, rejectUnauthorized: options.verifyTls })
    : new http.Agent(common);
}

/**
 * Judging a host name once at save time is not enough: its answer may change afterwards (DNS
 * rebinding), so the addresses are judged here, as the socket is about to connect, and the
 * socket connects to exactly the address judged. One blocked address refuses the name, since
 * the order a resolver returns is not ours to rely on.
 */
function guardedLookup(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options).then(
      (addresses) => {
        const [first] = addresses;
        if (!first) return callback(notFound(hostname), '', 0);
        if (addresses.some(({ address }) => isIP(address) === 0 || isBlockedAddress(address)))
          return callback(new DestinationNotAllowed(), '', 0);
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}

/** Resolves with the response head; the caller reads or discards the body. */
export function send(exchange: Exchange, agent: Agent): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    // A literal address never reaches the agent's lookup, so it is judged here.
    if (isBlockedHost(exchange.url.hostname)) return reject(new DestinationNotAllowed());
    const transport = exchange.url.protocol === 'https:' ? https : http;
    const request = transport.request(
      exchange.url,
      { method: exchange.method, headers: exchange.headers, agent, signal: exchange.signal },
      resolve,
    );
    request.on('error', reject);
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () => request.destroy(new ConnectTimeout()),
        exchange.connectTimeoutMs,
      );
      const clear = () => clearTimeout(timer);
      socket.once('connect', clear);
      socket.once('close', clear);
    });
    request.end(exchange.body);
  });
}

/**
 * The body's chunks, up to `maxBytes`. One more byte (or a Content-Length announcing them)
 * fails with LimitExceeded and destroys the response, which closes its socket: nothing more
 * is read from a server that would send too much.
 */
export async function* capped(
  response: IncomingMessage,
  limit: Limit,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  if (Number(response.headers['content-length']) > maxBytes)
    throw exceeded(response, limit, maxBytes);
  let read = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read > maxBytes) throw exceeded(response, limit, maxBytes);
    yield chunk;
  }
}

/** A whole buffered body of at most `maxBytes`. */
export async function readAll(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of capped(response, 'responseBytes', maxBytes)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Frees the socket for reuse without keeping an error body we do not need; a body over
 * `maxBytes` is not worth draining, its socket is closed instead.
 */
export function discard(response: IncomingMessage, maxBytes: number): void {
  let read = 0;
  response.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > maxBytes) response.destroy();
  });
  response.resume();
}

function exceeded(response: IncomingMessage, limit: Limit, maxBytes: number): LimitExceeded {
  response.destroy();
  return new LimitExceeded(limit, maxBytes);
}
