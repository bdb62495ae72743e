import express, { type Router } from 'express';
import type { Runtime } from './runtime';
import { createHttpApp, type HttpAppOptions } from './http/app';
import { sendProblem } from './http/problem';
import { redisNonceStore, requireInternalSignature } from './http/internal-auth';
import { requireOperationScope } from './http/operation-scopes';
import type { HttpServer } from './http/server';

/**
 * Marks a 404 that no route of the service answered (a route not built yet), as opposed to a
 * route's own 404 for an unknown record: the gateway never stores the former as an idempotent
 * outcome, because the same request may succeed once the route exists. Internal APIs only:
 * public clients never see it.
 */
export const UNROUTED_HEADER = 'x-mcs-unrouted';

/**
 * The HTTP side of an internal service: ops routes (/health, /metrics) open on the internal
 * network, and everything under /api only for signed requests (and under /api/v1 only for API
 * tokens with the operation's scope). The guards run before route matching, so an unsigned
 * caller cannot even discover which routes exist.
 */
export async function serveInternalApi(
  runtime: Runtime,
  mount: (api: Router) => void = () => undefined,
  options: Pick<HttpAppOptions, 'largeBodies'> = {},
): Promise<HttpServer> {
  const api = express.Router();
  api.use(
    requireInternalSignature(runtime.signingKey, {
      nonces: redisNonceStore(runtime.redis, runtime.config.redis.prefix),
    }),
  );
  api.use('/v1', requireOperationScope());
  mount(api);
  api.use((req, res) => {
    res.setHeader(UNROUTED_HEADER, '1');
    sendProblem(res, 404, 'not_found', `No route matches ${req.method} ${req.baseUrl}${req.path}.`);
  });
  const app = createHttpApp({
    ...options,
    log: runtime.log,
    metrics: runtime.metrics,
    routes: (root) => {
      runtime.opsRoutes(root);
      root.use('/api', api);
    },
  });
  // The gateway passes an answer on without its ETag (no-store: gateway http/respond.ts), so
  // express hashing every body for one is work thrown away (a feed page is ~150 KB).
  app.disable('etag');
  return runtime.serve(app);
}
