import express, { type Router } from 'express';
import type { Runtime } from '../runtime';
import { createHttpApp, type HttpAppOptions } from './app';
import { sendProblem } from './problem';
import { redisNonceStore, requireGatewaySignature } from './internal-auth';
import type { HttpServer } from './server';

/**
 * The HTTP side of an internal service: ops routes (/health, /metrics) open on the internal
 * network, and everything under /api only for requests signed by the gateway. The guard runs
 * before route matching, so an unsigned caller cannot even discover which routes exist.
 */
/**
 * Marks a 404 that no route of the service answered (a route not built yet), as opposed to a
 * route's own 404 for an unknown record: the gateway never stores the former as an idempotent
 * outcome, because the same request may succeed once the route exists. Internal APIs only:
 * public clients never see it.
 */
export const UNROUTED_HEADER = 'x-mcs-unrouted';

export async function serveInternalApi(
  runtime: Runtime,
  mount: (api: Router) => void = () => undefined,
  options: Pick<HttpAppOptions, 'largeBodies'> = {},
): Promise<HttpServer> {
  const api = express.Router();
  api.use(
    requireGatewaySignature(runtime.internalSecret, {
      service: runtime.service,
      nonces: redisNonceStore(runtime.redis, runtime.config.redis.prefix),
    }),
  );
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
  return runtime.serve(app);
}
