/**
 * One HTTP request of an attempt (events-webhooks.md §4.3 steps 3–5, §4.10, §4.12).
 *
 * node:http rather than fetch: the socket must connect to the very address the guard judged
 * (a `lookup` pinned to the checked answer, while Host and the TLS server name stay the URL's
 * host), environment proxies must not apply, redirects must not be followed, and at most
 * 64 KiB of a body may be read. node:http does all of that by construction.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type AttemptResult, refused } from '../domain/attempt-result';
import { addressAllowed, type DestinationPolicy, hostAllowed } from '../domain/destination-guard';
import type { OutgoingRequest } from '../domain/outgoing-request';
import { pinned, type ReceiverConnections } from './receiver-connections';
import { failureOf, TimedOut } from './send-failures';

export const MAX_RESPONSE_BYTES = 64 * 1024;

/** Every address a host name resolves to; the system resolver unless a test injects one. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface SenderOptions {
  policy: DestinationPolicy;
  resolve?: Resolve;
  /** Monotonic milliseconds for `duration_ms`. */
  now?: () => number;
  /** Connections kept for the next attempt (the delivery worker); unset: one per request. */
  connections?: ReceiverConnections;
}

interface Answer {
  statusCode: number;
  retryAfter: string | null;
  bodyExcerpt: string;
}

export async function send(
  request: OutgoingRequest,
  options: SenderOptions,
): Promise<AttemptResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const controller = new AbortController();
  // One deadline for everything: resolving, connecting, sending, headers and body.
  const timer = setTimeout(
    () => controller.abort(new TimedOut(request.timeoutMs)),
    request.timeoutMs,
  );
  try {
    const url = new URL(request.url);
    const addresses = await untilAborted(destination(url, options), controller.signal);
    if (addresses === null) return refused('destination_not_allowed');
    const agent = options.connections?.agentFor(url, addresses) ?? false;
    const answer = await exchange(url, request, { addresses, agent }, controller.signal);
    return { ...answer, durationMs: elapsed(started, now), error: null };
  } catch (error) {
    const failure = failureOf(controller.signal.aborted ? controller.signal.reason : error);
    return {
      statusCode: null,
      durationMs: elapsed(started, now),
      bodyExcerpt: '',
      retryAfter: null,
      error: failure,
    };
  } finally {
    clearTimeout(timer);
  }
}

const elapsed = (started: number, now: () => number) => Math.max(0, Math.round(now() - started));

/**
 * The addresses to connect to, or null when the destination is refused. One refused address
 * refuses the name: which answer a client picks is not ours to rely on.
 */
async function destination(url: URL, options: SenderOptions): Promise<LookupAddress[] | null> {
  return checkedAddresses(url.hostname.replace(/^\[(.*)\]$/, '$1'), options);
}

/**
 * The guard on a bare host name or address (also the SMTP host of a notification channel):
 * the addresses it may connect to, or null when refused.
 */
export async function checkedAddresses(
  host: string,
  options: Pick<SenderOptions, 'policy' | 'resolve'>,
): Promise<LookupAddress[] | null> {
  const judged = hostAllowed(host, options.policy);
  if (judged === false) return null;
  if (isIP(host) !== 0) return [{ address: host, family: isIP(host) }];
  const addresses = await (options.resolve ?? systemResolve)(host);
  if (addresses.length === 0) throw Object.assign(new Error('no address'), { code: 'ENOTFOUND' });
  return addresses.every(
    ({ address }) => isIP(address) !== 0 && addressAllowed(address, options.policy),
  )
    ? addresses
    : null;
}

interface Connection {
  /** The addresses the guard judged: the only ones a new socket may connect to. */
  addresses: LookupAddress[];
  /** Kept-alive connections to this origin and these addresses, or false for a new one. */
  agent: http.Agent | false;
}

function exchange(
  url: URL,
  request: OutgoingRequest,
  connection: Connection,
  signal: AbortSignal,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...request.headers };
    if (request.body) headers['Content-Length'] = String(request.body.length);
    const transport = url.protocol === 'https:' ? https : http;
    let answered = false;
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        headers,
        signal,
        agent: connection.agent,
        lookup: pinned(connection.addresses),
      },
      (response) => {
        answered = true;
        const statusCode = response.statusCode ?? 0;
        const retryAfter = response.headers['retry-after'] ?? null;
        // A 2xx is delivered whatever its body says; only failures need an excerpt.
        if (statusCode >= 200 && statusCode < 300) {
          discard(response);
          return resolve({ statusCode, retryAfter, bodyExcerpt: '' });
        }
        void readLimited(response).then((bodyExcerpt) =>
          resolve({ statusCode, retryAfter, bodyExcerpt }),
        );
      },
    );
    outgoing.on('error', (error) => {
      // After the head arrived, an error (the deadline, a reset) only ends the body read.
      if (answered) return;
      // A kept connection the receiver closed as it was reused: the request never reached
      // it, so it is sent once more, on a new connection.
      if (outgoing.reusedSocket && isReset(error) && !signal.aborted)
        return resolve(exchange(url, request, { ...connection, agent: false }, signal));
      reject(error);
    });
    outgoing.end(request.body ?? undefined);
  });
}

const isReset = (error: Error) =>
  'code' in error && (error.code === 'ECONNRESET' || error.code === 'EPIPE');

/**
 * A 2xx body is not read, but draining it lets its connection serve the next attempt. Past
 * MAX_RESPONSE_BYTES, or if it is not over within DRAIN_MS, the connection is dropped instead.
 */
function discard(response: IncomingMessage): void {
  let size = 0;
  const timer = setTimeout(() => response.destroy(), DRAIN_MS);
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size >= MAX_RESPONSE_BYTES) response.destroy();
  });
  response.on('close', () => clearTimeout(timer));
}

const DRAIN_MS = 5_000;

/**
 * At most MAX_RESPONSE_BYTES, then the connection is dropped. A body cut short (reset, the
 * deadline) still yields what arrived: the status code already decided the outcome.
 */
function readLimited(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () =>
      resolve(Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= MAX_RESPONSE_BYTES) {
        response.destroy();
        finish();
      }
    });
    response.on('end', finish);
    response.on('close', finish);
    response.on('error', finish);
  });
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () =>
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
