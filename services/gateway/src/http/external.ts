import { effectiveScopes } from '@mcs/contracts';
import { performance } from 'node:perf_hooks';
import express, { type Request, type Response, type Router } from 'express';
import { Histogram, type Registry } from 'prom-client';
import { Forbidden, Invalid, RateLimited, Unauthorized, type InternalClient } from '@mcs/kit';
import type { GatewayConfig, ServiceName } from '../config';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { json, type Outcome } from '../operation';
import type { AuthFailureGuard } from '../rate-limits/auth-failures.service';
import type { RateLimiter } from '../rate-limits/rate-limit.service';
import type { TokenAuthService, TokenPrincipal } from '../tokens/token-auth.service';
import { readJsonObject } from './body';
import type { Contract, ContractOperation } from './contract';
import { applyCors } from './cors';
import { normalizeBody, normalizeQuery } from './normalize';
import { forward, withQuery } from './proxy';
import { respond } from './respond';
import { matchRoute } from './route-match';
import { validateRequest } from './validation';

export interface ExternalDeps {
  config: GatewayConfig;
  contract: Contract;
  tokens: TokenAuthService;
  authFailures: AuthFailureGuard;
  rateLimiter: RateLimiter;
  idempotency: IdempotencyService;
  call: InternalClient;
  /** Where the gateway_processing_seconds histogram is registered (the /metrics registry). */
  registry: Registry;
}

/** Which service owns each tag of the external API (architecture.md). */
const OWNER: Record<string, ServiceName> = {
  candidates: 'cleanup',
  protections: 'cleanup',
  events: 'webhooks',
  media: 'catalog',
  tasks: 'scheduler',
  system: 'scheduler',
};
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_LIMIT = 64 * 1024;

/**
 * /api/v1: every request goes through the checks of external-api.md 1.9 in their order —
 * route, authentication, rate limit, scope, body transport, validation, idempotency — and then
 * to the owning service. Each step reads the contract, so the rules live in one place.
 */
export function externalApi(deps: ExternalDeps): Router {
  const router = express.Router();
  const processing = processingHistogram(deps.registry);
  router.use(async (req, res) => {
    const started = performance.now();
    const upstream = { ms: 0 };
    res.once('finish', () =>
      processing.observe((performance.now() - started - upstream.ms) / 1000),
    );
    const path = req.path === '/' ? '/api/v1' : `/api/v1${req.path}`;
    if (applyCors(deps.config.corsAllowedOrigins, deps.contract, path, req, res)) return;
    const operation = matchRoute(deps.contract, req.method, path, res);
    // A cached token and no rate limit cost no promise (each one costs: kit context.ts).
    const principal = cachedPrincipal(deps, req) ?? (await authenticate(deps, req));
    if (deps.config.rateLimitPerMinute !== 0) await applyRateLimit(deps, principal, res);
    requireScope(operation, principal);
    const mutating = MUTATING.has(req.method);
    const body = mutating ? normalizeBody(await readJsonObject(req, BODY_LIMIT)) : undefined;
    const query = normalizeQuery(operation, req.query);
    const errors = validateRequest(deps.contract, operation, {
      method: req.method,
      path,
      query,
      headers: headersOf(req),
      body,
    });
    if (errors.length > 0) throw new Invalid(errors);
    respond(
      res,
      await dispatch(deps, req, res, {
        operation,
        path,
        query,
        body,
        principal,
        mutating,
        upstream,
      }),
    );
  });
  return router;
}

interface Dispatch {
  operation: ContractOperation;
  path: string;
  query: Record<string, string | string[]>;
  body: Record<string, unknown> | undefined;
  principal: TokenPrincipal;
  mutating: boolean;
  /** Time spent waiting for the owning service, excluded from the processing time. */
  upstream: { ms: number };
}

function dispatch(deps: ExternalDeps, req: Request, res: Response, d: Dispatch): Promise<Outcome> {
  if (d.operation.operationId === 'getDiscovery')
    return Promise.resolve(json(200, discovery(deps.config.basePath, d.principal)));
  const service = OWNER[d.operation.tags?.[0] ?? ''] as ServiceName;
  const key = d.mutating ? req.get('idempotency-key') : undefined;
  const send = (headers?: Record<string, string>) => {
    const sent = performance.now();
    const waited = () => (d.upstream.ms += performance.now() - sent);
    return forward(deps.call, {
      service,
      baseUrl: deps.config.services[service],
      method: req.method,
      url: withQuery(d.path, d.query),
      principal: {
        type: 'api_token',
        id: d.principal.id,
        scopes: effectiveScopes(d.principal.scopes),
        name: d.principal.name,
      },
      body: d.body,
      headers,
    }).then(
      (outcome) => {
        waited();
        return outcome;
      },
      (error: unknown) => {
        waited();
        throw error;
      },
    );
  };
  const pending = key
    ? deps.idempotency.run(
        { tokenId: d.principal.id, key, method: req.method, path: d.path, body: d.body },
        send,
      )
    : send();
  return pending.then((result) => {
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return result;
  });
}

/**
 * The principal of a token whose record is cached, undefined otherwise (then authenticate()).
 * A blocked address and an invalid token fail here as there.
 */
function cachedPrincipal(deps: ExternalDeps, req: Request): TokenPrincipal | undefined {
  deps.authFailures.check(req.ip ?? 'unknown');
  try {
    return deps.tokens.authenticateCached(req.get('authorization'));
  } catch {
    // Counted (and perhaps turned into a 429) on the awaited path.
    return undefined;
  }
}

/** The token's principal; 401s are counted per client address (429 past the limit). */
async function authenticate(deps: ExternalDeps, req: Request): Promise<TokenPrincipal> {
  const address = req.ip ?? 'unknown';
  deps.authFailures.check(address);
  try {
    return await deps.tokens.authenticate(req.get('authorization'));
  } catch (error) {
    if (error instanceof Unauthorized) await deps.authFailures.failed(address);
    throw error;
  }
}

async function applyRateLimit(
  deps: ExternalDeps,
  principal: TokenPrincipal,
  res: Response,
): Promise<void> {
  const limit = deps.config.rateLimitPerMinute;
  const decision = await deps.rateLimiter.hit(`token:${principal.id}`, limit);
  if (!decision) return;
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(decision.remaining));
  res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
  res.setHeader('RateLimit-Policy', `${limit};w=60`);
  if (!decision.allowed)
    throw new RateLimited(
      decision.resetSeconds,
      'This API token made too many requests; wait for the window to reset.',
    );
}

function requireScope(operation: ContractOperation, principal: TokenPrincipal): void {
  const scope = operation['x-required-scope'];
  if (!scope || effectiveScopes(principal.scopes).includes(scope)) return;
  throw new Forbidden('insufficient_scope', `This API token requires the ${scope} scope.`, {
    'WWW-Authenticate': `Bearer realm="media-cleanup", error="insufficient_scope", scope="${scope}"`,
  });
}

function discovery(basePath: string, principal: TokenPrincipal) {
  const names = [
    'candidates',
    'events',
    'movies',
    'series',
    'protections',
    'system',
    'tasks',
    'docs',
    'redoc',
  ];
  const resources: Record<string, string> = Object.fromEntries(
    names.map((n) => [n, `${basePath}/api/v1/${n}`]),
  );
  resources.openapi = `${basePath}/api/v1/openapi.json`;
  return {
    api_version: 'v1',
    resources: Object.fromEntries(Object.entries(resources).sort(([a], [b]) => (a < b ? -1 : 1))),
    granted_scopes: [...principal.scopes].sort(),
    effective_scopes: effectiveScopes(principal.scopes),
  };
}

function headersOf(req: Request): Record<string, string | string[]> {
  return req.headers as Record<string, string | string[]>;
}

/**
 * What the gateway itself adds to an /api/v1 request — authentication, rate limit, scope,
 * validation, idempotency bookkeeping, writing the answer — from the moment the request
 * reaches the pipeline to its answer, minus the call to the owning service (which includes
 * signing it, ~10 µs). Operators see whether the gateway or a service is slow; the gateway
 * benchmark reads it too.
 */
function processingHistogram(registry: Registry): Histogram {
  return new Histogram({
    name: 'gateway_processing_seconds',
    help: 'Time the gateway spends on an /api/v1 request, excluding the owning service',
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1],
    registers: [registry],
  });
}
