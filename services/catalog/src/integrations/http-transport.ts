/**
 * One HTTP exchange over node:http(s). We use node:http rather than fetch because the policy
 * needs a connect timeout separate from the request timeout and a per-service `verify_tls`
 * switch (§2.1–2.2), neither of which global fetch offers without extra dependencies.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

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

/** Keep-alive matters: a full sync is thousands of page requests to the same host. */
export function createAgent(url: URL, options: { maxSockets: number; verifyTls: boolean }): Agent {
  const common = { keepAlive: true, maxSockets: options.maxSockets };
  return url.protocol === 'https:'
    ? new https.Agent({ ...common, rejectUnauthorized: options.verifyTls })
    : new http.Agent(common);
}

/** Resolves with the response head; the caller reads or discards the body. */
export function send(exchange: Exchange, agent: Agent): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
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

export async function readAll(response: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Frees the socket for reuse without reading an error body we do not need. */
export function discard(response: IncomingMessage): void {
  response.resume();
}
