import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import express from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { createHttpApp } from '../http/app';
import { listen, type HttpServer } from '../http/server';
import type { Logger } from '../logger';

/**
 * Where a handler that routes by itself (the gateway matches requests against its contracts
 * behind one express handler) names the route template for http_request_duration_seconds.
 */
export const ROUTE_LABEL = 'metricsRoute';

export interface Metrics {
  registry: Registry;
  httpMiddleware: RequestHandler;
  router: Router;
}

/** Prometheus metrics: process defaults plus one HTTP histogram labelled by route template. */
export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const httpMiddleware = (req: Request, res: Response, next: NextFunction) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      // The matched route template keeps label cardinality bounded (no ids in labels).
      const route = (req.route as { path?: string } | undefined)?.path;
      const named = res.locals[ROUTE_LABEL] as string | undefined;
      end({
        method: req.method,
        route: named ?? (route ? `${req.baseUrl}${route}` : 'unmatched'),
        status: res.statusCode,
      });
    });
    next();
  };
  const router = express.Router();
  router.get('/metrics', async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  });
  return { registry, httpMiddleware, router };
}

/**
 * /metrics alone on a port of its own, for a service whose own port is public (the gateway):
 * process and request figures are for operators, not for anyone who can reach the API. Every
 * other path answers the usual problem+json 404.
 */
export function serveMetrics(metrics: Metrics, log: Logger, port: number): Promise<HttpServer> {
  return listen(createHttpApp({ log, routes: (app) => app.use(metrics.router) }), port);
}
