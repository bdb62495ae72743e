import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { correlationId } from '../context';
import type { SigningKey } from '../crypto/signing-keys';
import { type Principal, signInternalRequest } from './internal-auth';

export interface InternalResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface InternalCall {
  /** The target service's name: the signature is valid only there. */
  service: string;
  baseUrl: string;
  method: string;
  /** Path with query string. */
  url: string;
  principal: Principal;
  body?: Buffer | string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Client side of signed internal calls: signs, forwards the correlation id, and bounds the
 * time a call may take so a stuck service cannot hang its caller. Uses node:http with a
 * keep-alive pool rather than fetch: on the gateway's hot path fetch costs several times more
 * CPU per request.
 *
 * Our servers close a keep-alive connection after 5 s idle (server.ts). A request written on one
 * just as the server closes it fails with ECONNRESET before any answer (seen as a 503 from the
 * gateway in the browser tests). So the pool drops a socket idle for 4 s first (Node follows
 * the server's `Keep-Alive: timeout` hint only below an explicit agent timeout), and a GET or
 * HEAD reset on a reused socket is sent once more on a new one: it cannot have done anything.
 * Other methods are not repeated: the caller decides (idempotency keys).
 */
export function createInternalClient(options: { key: SigningKey; timeoutMs: number }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_SOCKET_MS });
  const send = (request: InternalCall, retried: boolean): Promise<InternalResponse> =>
    // A bad URL or an unlisted service rejects (thrown inside the executor), never throws.
    new Promise((resolve, reject) => {
      // Sign the URL exactly as it goes on the wire (after URL normalisation).
      const target = new URL(request.url, request.baseUrl);
      const path = target.pathname + target.search;
      const headers = signInternalRequest(options.key, {
        service: request.service,
        method: request.method,
        url: path,
        body: request.body,
        principal: request.principal,
        headers: { ...request.headers, 'x-request-id': correlationId() },
      });
      if (request.body !== undefined)
        headers['content-length'] = String(Buffer.byteLength(request.body));
      const outgoing = httpRequest(
        { agent, host: target.hostname, port: target.port, method: request.method, path, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 502,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.setTimeout(request.timeoutMs ?? options.timeoutMs, () =>
        outgoing.destroy(new Error('internal call timed out')),
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        const repeatable = request.method === 'GET' || request.method === 'HEAD';
        if (repeatable && !retried && outgoing.reusedSocket && error.code === 'ECONNRESET')
          resolve(send(request, true));
        else reject(error);
      });
      outgoing.end(request.body);
    });
  return function call(request: InternalCall): Promise<InternalResponse> {
    return send(request, false);
  };
}

const IDLE_SOCKET_MS = 4000;

export type InternalClient = ReturnType<typeof createInternalClient>;
