/**
 * A local stand-in for an upstream we do not own: it forwards every request to the library
 * simulator, except the paths a test takes over to answer the way a broken or hostile server
 * would (an endless body, one enormous list element).
 */
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface StandIn {
  /** Same layout as the simulator's root: `${url}/radarr` stands in for `sim.urls.radarr`. */
  url: string;
  /** Answers `path` (without the query) with `answer` from now on; null forwards it again. */
  take(path: string, answer: Answer | null): void;
  /** Answers whose connection the client closed before they were complete. */
  readonly cutOff: { path: string; bytesSent: number }[];
  close(): Promise<void>;
}

export async function startStandIn(upstream: string): Promise<StandIn> {
  const taken = new Map<string, Answer>();
  const cutOff: StandIn['cutOff'] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const answer = taken.get(path);
    res.on('close', () => {
      if (!res.writableFinished) cutOff.push({ path, bytesSent: res.socket?.bytesWritten ?? 0 });
    });
    if (answer) answer(req, res).catch(() => res.destroy());
    else forward(upstream, req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    take: (path, answer) => (answer ? taken.set(path, answer) : taken.delete(path)),
    cutOff,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function forward(upstream: string, req: IncomingMessage, res: ServerResponse): void {
  const proxied = http.request(
    new URL(req.url ?? '/', upstream),
    { method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  proxied.on('error', () => res.destroy());
  req.pipe(proxied);
}

/**
 * A JSON list whose elements never end: `element(n)` for n = 0, 1, …, written as fast as the
 * client reads (no Content-Length), until the client hangs up or `limitBytes` were sent.
 */
export function endlessList(element: (n: number) => unknown, limitBytes: number): Answer {
  return async (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    let sent = 0;
    for (let n = 0; sent < limitBytes && !res.destroyed; n++) {
      const text = `${n === 0 ? '[' : ','}${JSON.stringify(element(n))}`;
      sent += text.length;
      if (!res.write(text)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
    if (!res.destroyed) res.end(']');
  };
}

/** A complete JSON answer of `value`. */
export function json(value: unknown): Answer {
  return (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(value));
    return Promise.resolve();
  };
}
