import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HttpServer {
  readonly server: Server;
  readonly port: number;
  /** Stops accepting connections, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

export async function listen(app: Express, port: number, host = '0.0.0.0'): Promise<HttpServer> {
  const server = serverFor(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Keep-alive sockets would otherwise hold close() open until they time out.
  server.keepAliveTimeout = 5000;
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/**
 * An HTTP server whose requests and responses are born with the app's prototypes. Express
 * otherwise re-parents every request and response (Object.setPrototypeOf), and V8 then keeps
 * those objects alive through young-generation collections: a one-route express app promoted
 * ~3 MB per scavenge at 500 req/s (28 KB this way), with 3.8 ms instead of 0.7 ms pauses and
 * frequent full collections — most of the services' latency tail (bench/gateway/RESULTS.md).
 * Express's own setPrototypeOf then finds the prototype already in place and does nothing.
 */
function serverFor(app: Express): Server {
  // node:http's IncomingMessage and ServerResponse are plain constructor functions, called
  // below on an object that already has the app's prototype (a `class ... extends` would add a
  // prototype level). Should they ever become classes, which cannot be called, keep the default.
  const constructors = [IncomingMessage, ServerResponse];
  if (constructors.some((c) => Function.prototype.toString.call(c).startsWith('class')))
    return createServer(app);
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
    app,
  );
}
