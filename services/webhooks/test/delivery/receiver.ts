import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  rawHeaderNames: string[];
  body: string;
  /** Which TCP connection carried it: 1 for the receiver's first, and so on. */
  connection: number;
}

export interface Receiver {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

type Handler = (request: Received, response: ServerResponse) => void;

/** A webhook receiver on 127.0.0.1 and a free port; it records every request it gets. */
export async function startReceiver(handler: Handler): Promise<Receiver> {
  const received: Received[] = [];
  const connections = new WeakMap<object, number>();
  let accepted = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: Received = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawHeaderNames: request.rawHeaders.filter((_, index) => index % 2 === 0),
        body: Buffer.concat(chunks).toString('utf8'),
        connection: connections.get(request.socket) ?? 0,
      };
      received.push(entry);
      handler(entry, response);
    });
  });
  server.on('connection', (socket) => {
    accepted += 1;
    connections.set(socket, accepted);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes `total` bytes (or forever when null) as fast as the client reads them. */
export function stream(response: ServerResponse, total: number | null): void {
  const chunk = Buffer.alloc(16 * 1024, 'a');
  let sent = 0;
  let closed = false;
  response.on('close', () => (closed = true));
  const pump = () => {
    while (!closed && (total === null || sent < total)) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!closed) response.end();
  };
  pump();
}
