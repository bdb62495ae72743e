import express, { type Router } from 'express';
import type { Runtime } from '../runtime';
import { createHttpApp } from './app';
import { redisNonceStore, requireGatewaySignature } from './internal-auth';
import type { HttpServer } from './server';

/**
 * The HTTP side of an internal service: ops routes (/health, /metrics) open on the internal
 * network, and everything under /api only for requests signed by the gateway. The guard runs
 * before route matching, so an unsigned caller cannot even discover which routes exist.
 */
export async function serveInternalApi(
  runtime: Runtime,
  mount: (api: Router) => void = () => undefined,
): Promise<HttpServer> {
  const api = express.Router();
  api.use(
    requireGatewaySignature(runtime.internalSecret, {
      service: runtime.service,
      nonces: redisNonceStore(runtime.redis, runtime.config.redis.prefix),
    }),
  );
  mount(api);
  const app = createHttpApp({
    log: runtime.log,
    metrics: runtime.metrics,
    routes: (root) => {
      runtime.opsRoutes(root);
      root.use('/api', api);
    },
  });
  return runtime.serve(app);
}
