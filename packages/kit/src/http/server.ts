import type { Express } from 'express';
import {
  createServer,
  IncomingMessage,
  ServerResponse,
  type RequestListener,
  type Server,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { acceptCorrelationId, newCorrelationId } from '../context';
import { problemBody } from './problem';

export interface HttpServer {
  readonly server: Server;
  readonly port: number;
  /**
   * Stops accepting connections, answers the requests in flight with `Connection: close`,
   * refuses (503) requests that arrive on a connection after that, closes each connection as
   * soon as it is idle, and resolves once every connection is gone.
   */
  close(): Promise<void>;
}

export async function listen(app: Express, port: number, host = '0.0.0.0'): Promise<HttpServer> {
  const gate = closingGate(app);
  const server = serverFor(app, gate.listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.keepAliveTimeout = 5000;
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => gate.close(server),
  };
}

/**
 * Closing under keep-alive load. `server.close()` alone stops accepting and drops the
 * connections idle at that moment, but a client that sends its next request as soon as the last
 * is answered keeps its connection busy, and the server open, until the shutdown deadline:
 * serving, and committing, new work all along. So once closing, a response still to be written
 * tells its client `Connection: close` (Node then ends the connection after it), and a
 * connection left idle by a finished response is closed at once. A request that arrives after
 * that on a connection still open (its head was on the way, or the response before it had
 * already promised keep-alive) is refused with 503 instead of served: its client learns for
 * certain that nothing was done, and may send it again to a replica that is not stopping.
 */
function closingGate(app: Express) {
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  const listener: RequestListener = (req, res) => {
    if (closing) return refuse(req, res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    app(req, res);
  };
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      closing = true;
      server.close(() => resolve());
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader('Connection', 'close');
        res.once('close', () => server.closeIdleConnections());
      }
      server.closeIdleConnections();
    });
  return { listener, close };
}

function refuse(req: IncomingMessage, res: ServerResponse): void {
  const requestId = acceptCorrelationId(req.headers['x-request-id']) ?? newCorrelationId();
  const body = JSON.stringify(
    problemBody(
      503,
      'service_unavailable',
      'The service is stopping; send the request again.',
      requestId,
    ),
  );
  res
    .writeHead(503, {
      'Content-Type': 'application/problem+json',
      'Content-Length': Buffer.byteLength(body),
      'Retry-After': '1',
      'X-Request-Id': requestId,
      Connection: 'close',
    })
    .end(body);
}

/**
 * An HTTP server whose requests and responses are born with the app's prototypes. Express
 * otherwise re-parents every request and response (Object.setPrototypeOf), and V8 then keeps
 * those objects alive through young-generation collections: a one-route express app promoted
 * ~3 MB per scavenge at 500 req/s (28 KB this way), with 3.8 ms instead of 0.7 ms pauses and
 * frequent full collections — most of the services' latency tail (bench/gateway/RESULTS.md).
 * Express's own setPrototypeOf then finds the prototype already in place and does nothing.
 */
function serverFor(app: Express, listener: RequestListener): Server {
  // node:http's IncomingMessage and ServerResponse are plain constructor functions, called
  // below on an object that already has the app's prototype (a `class ... extends` would add a
  // prototype level). Should they ever become classes, which cannot be called, keep the default.
  const constructors = [IncomingMessage, ServerResponse];
  if (constructors.some((c) => Function.prototype.toString.call(c).startsWith('class')))
    return createServer(listener);
  const Request = function (this: IncomingMessage, socket: Socket) {
    (IncomingMessage as unknown as (this: IncomingMessage, s: Socket) => void).call(this, socket);
  };
  Request.prototype = app.request;
  const Response = function (this: ServerResponse, req: IncomingMessage, options: unknown) {
    (
      ServerResponse as unknown as (this: ServerResponse, r: IncomingMessage, o: unknown) => void
    ).call(this, req, options);
  };
  Response.prototype = app.response;
  return createServer(
    {
      IncomingMessage: Request as unknown as typeof IncomingMessage,
      ServerResponse: Response as unknown as typeof ServerResponse,
    },
    listener,
  );
}
