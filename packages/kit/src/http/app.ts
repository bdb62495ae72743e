import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import helmet from 'helmet';
import { acceptCorrelationId, newCorrelationId, runWithContext } from '../context';
import type { Logger } from '../logger';
import { errorHandler, notFoundHandler } from './errors';
import type { RawBodyRequest } from './internal-auth';

export interface HttpAppOptions {
  log: Logger;
  /**
   * What the app needs of the service's metrics (ops/metrics.ts): the middleware that times
   * each request. Named by shape, not imported: ops/ serves /metrics through this factory, so
   * http/ stays below ops/ (no folder loop).
   */
  metrics?: { httpMiddleware: RequestHandler };
  /** Largest accepted JSON body, e.g. "256kb". */
  bodyLimit?: string;
  /** Routes (path prefixes) that accept a larger JSON body than `bodyLimit`, e.g. an import. */
  largeBodies?: Readonly<Record<string, string>>;
  /**
   * Parse JSON bodies up front (default). The gateway turns it off: its check order puts
   * authentication before body errors, so it reads bodies itself later in the pipeline.
   */
  parseJsonBodies?: boolean;
  /** Express `trust proxy` setting, for req.ip and req.secure behind a reverse proxy. */
  trustProxy?: boolean | string | number;
  /** Registers the routes; called between the common front and back middleware. */
  routes: (app: Express) => void;
}

/**
 * The one HTTP app factory: request id and correlation context, security headers, body limits,
 * metrics, then the service's routes, then problem+json for unknown routes and every error.
 */
function jsonBodies(limit: string) {
  return express.json({
    limit,
    // Scalars and arrays are parsed so validation can answer 422 "must be an object"
    // instead of the parser's 400.
    strict: false,
    type: ['application/json', 'application/*+json'],
    // Kept for the gateway-signature body digest (http/internal-auth.ts).
    verify: (req, _res, buf) => {
      (req as RawBodyRequest).rawBody = buf;
    },
  });
}

export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('query parser', 'extended');

  app.use(requestContext);
  app.use(securityHeaders());
  if (options.metrics) app.use(options.metrics.httpMiddleware);
  if (options.parseJsonBodies !== false) {
    // A body the route's own parser read is not parsed again: body-parser skips parsed requests.
    for (const [path, limit] of Object.entries(options.largeBodies ?? {}))
      app.use(path, jsonBodies(limit));
    app.use(jsonBodies(options.bodyLimit ?? '256kb'));
  }

  options.routes(app);

  app.use(notFoundHandler);
  app.use(errorHandler(options.log));
  return app;
}

function requestContext(req: Request, res: Response, next: NextFunction): void {
  const requestId = acceptCorrelationId(req.get('x-request-id')) ?? newCorrelationId();
  res.setHeader('X-Request-Id', requestId);
  runWithContext({ correlationId: requestId }, next);
}

function securityHeaders() {
  const base = helmet({
    // Written out below: helmet joins directives without the space external-api.md 1.12 shows.
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense over HTTPS; it is added below when the request was secure.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  // helmet's headers do not depend on the request: computed once, then set in one loop (its
  // chain of twelve middlewares costs more than the headers themselves on the gateway's path).
  const fixed: [string, string][] = [
    ['Cache-Control', 'no-store'],
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ];
  base(
    {} as Request,
    {
      setHeader: (name: string, value: string) => fixed.push([name, value]),
      removeHeader: () => undefined,
    } as unknown as Response,
    () => undefined,
  );
  return (req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of fixed) res.setHeader(name, value);
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
    next();
  };
}
