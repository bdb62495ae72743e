import type { Express } from 'express';
import {
  createHttpApp,
  createInternalClient,
  createPool,
  Subscriber,
  type Runtime,
} from '@mcs/kit';
import type { GatewayConfig } from './config';
import { SCHEMA, type Db } from './db';
import { serviceChecks } from './health';
import { combinedDocs, externalDocs } from './http/docs';
import { externalApi } from './http/external';
import { untrustedProxyWarning } from './http/forwarded-proto';
import { internalApi, type Handler } from './http/internal';
import { setupGuard } from './http/setup-guard';
import { Contract } from './openapi/contract';
import { apiTokenRoutes } from './routes/api-tokens.routes';
import { authRoutes } from './routes/auth.routes';
import { setupRoutes } from './routes/setup.routes';
import { statusRoutes } from './routes/status.routes';
import { jobRoutes } from './routes/jobs.routes';
import { userRoutes } from './routes/users.routes';
import { Passwords } from './security/passwords';
import { ApiTokenService } from './services/api-token.service';
import { AuthFailureGuard } from './services/auth-failures.service';
import { AuthService } from './services/auth.service';
import { IdempotencyService } from './services/idempotency.service';
import { PasswordAttempts } from './services/password-attempts.service';
import { RateLimiter } from './services/rate-limit.service';
import { SessionService } from './services/session.service';
import { SetupService } from './services/setup.service';
import { TokenAuthService } from './services/token-auth.service';
import { UserService } from './services/user.service';

/** Wires the gateway: services, the two API pipelines, docs, status routes. */
export async function gatewayApp(
  runtime: Runtime,
  db: Db,
  config: GatewayConfig,
): Promise<Express> {
  const clock = () => new Date();
  const [external, internal] = await Promise.all([Contract.external(), Contract.internal()]);
  const sessions = new SessionService(db, clock);
  // One set of hashing slots for the whole process: every password hash and check shares it.
  const passwords = new Passwords({
    slots: config.passwordHashSlots,
    registry: runtime.metrics.registry,
  });
  const setup = new SetupService(db, passwords);
  const tokens = new TokenAuthService(
    db,
    clock,
    { ttlMs: config.tokenCacheTtlMs, negativeTtlMs: config.tokenNegativeCacheMs },
    runtime.log,
  );
  const rateLimiter = new RateLimiter(runtime.redis, config.runtime.redis.prefix, runtime.log);
  const attempts = new PasswordAttempts(rateLimiter, config.loginAttemptsPerMinute);
  const call = createInternalClient({
    key: runtime.signingKey,
    timeoutMs: config.internalTimeoutMs,
  });
  const revocations = new Subscriber(
    runtime.broker,
    runtime.names,
    runtime.log,
    ['gateway.api_token_revoked'],
    (_name, event) => tokens.drop(event.prefix),
  );
  await revocations.start();
  Object.assign(runtime.checks, serviceChecks(config.services));
  // Each idempotent request holds a connection for its whole forwarded call (the lock is
  // transaction-scoped). A pool of their own keeps slow services from starving the token,
  // session and login lookups of the main pool; past its size, mutating calls wait.
  const idempotencyPool = createPool({
    url: config.runtime.database.url,
    schema: SCHEMA,
    max: config.runtime.database.poolMax,
  });
  idempotencyPool.on('error', (error) =>
    runtime.log.warn({ err: error }, 'idle connection failed'),
  );
  runtime.onStop({ name: 'idempotency pool', close: () => idempotencyPool.end() });

  const handlers = requireHandlers(internal, {
    ...setupRoutes({ config, setup, sessions, version: runtime.version }),
    ...authRoutes({
      config,
      auth: new AuthService(db, sessions, clock, passwords),
      attempts,
      sessions,
    }),
    ...userRoutes({ users: new UserService(db, sessions, passwords) }),
    ...jobRoutes({ config, call }),
    ...apiTokenRoutes({
      tokens: new ApiTokenService(db, runtime.outbox, clock, (prefix) => tokens.drop(prefix)),
    }),
  });
  return createHttpApp({
    log: runtime.log,
    metrics: runtime.metrics,
    trustProxy: config.trustProxy,
    parseJsonBodies: false,
    routes: (root) => {
      if (config.trustProxy === false) root.use(untrustedProxyWarning(runtime.log));
      // /api first: the paths below never overlap, and the API's requests skip their layers.
      root.use('/api', setupGuard(setup));
      root.use(externalDocs(config.basePath));
      root.use(
        '/api/v1',
        externalApi({
          config,
          contract: external,
          tokens,
          authFailures: new AuthFailureGuard(rateLimiter, config.authFailuresPerMinute),
          rateLimiter,
          call,
          idempotency: new IdempotencyService(idempotencyPool, {
            retentionHours: config.idempotencyRetentionHours,
            maxInFlightPerToken: config.idempotentInFlightPerToken,
          }),
          registry: runtime.metrics.registry,
        }),
      );
      root.use(
        '/api',
        internalApi({ config, contract: internal, sessions, attempts, call, handlers }),
      );
      runtime.opsRoutes(root);
      root.use(statusRoutes(runtime.version));
      root.use(combinedDocs(config.basePath));
    },
  });
}

/** Served outside /api by the ops and status routes, before setup too. */
const STATUS_OPERATIONS = ['getHealth', 'getLiveness', 'getVersion', 'getUpdateStatus'];

/** Fails at start when the contract names a gateway operation without a handler. */
function requireHandlers(
  contract: Contract,
  handlers: Record<string, Handler>,
): Record<string, Handler> {
  const missing = contract
    .operations()
    .filter(
      (op) =>
        (op['x-service'] ?? 'gateway') === 'gateway' &&
        !STATUS_OPERATIONS.includes(op.operationId ?? ''),
    )
    .map((op) => op.operationId as string)
    .filter((id) => !handlers[id]);
  if (missing.length > 0)
    throw new Error(`Gateway operations without a handler: ${missing.join(', ')}`);
  return handlers;
}
