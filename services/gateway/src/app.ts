import type { Express } from 'express';
import {
  createHttpApp,
  createInternalClient,
  createPool,
  Subscriber,
  type Runtime,
} from '@mcs/kit';
import { authRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import type { GatewayConfig } from './config';
import { DashboardPartClient } from './dashboard/dashboard-parts';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { DashboardService } from './dashboard/dashboard.service';
import { SCHEMA, type Db } from './db';
import type { GatewayServices } from './services';
import { forwardAuthStep } from './forward-auth/forward-auth-step';
import { ForwardAuthService } from './forward-auth/forward-auth.service';
import { Contract } from './http/contract';
import { combinedDocs, externalDocs } from './http/docs';
import { externalApi } from './http/external';
import { untrustedProxyWarning } from './http/forwarded-proto';
import { internalApi } from './http/internal';
import { jobRoutes } from './http/jobs.routes';
import { IdempotencyService } from './idempotency/idempotency.service';
import { OidcAccounts } from './oidc/oidc-accounts';
import { OidcProvider } from './oidc/oidc-provider';
import { oidcRoutes } from './oidc/oidc.routes';
import { OidcService } from './oidc/oidc.service';
import { PendingLoginStore } from './oidc/pending-logins';
import type { Handler } from './operation';
import { AuthFailureGuard } from './rate-limits/auth-failures.service';
import { PasswordAttempts } from './rate-limits/password-attempts.service';
import { RateLimiter } from './rate-limits/rate-limit.service';
import { SessionService } from './sessions/session.service';
import { setupGuard } from './setup/setup-guard';
import { setupRoutes } from './setup/setup.routes';
import { SetupService } from './setup/setup.service';
import { serviceChecks } from './status/service-checks';
import { statusRoutes } from './status/status.routes';
import { apiTokenRoutes } from './tokens/api-tokens.routes';
import { ApiTokenService } from './tokens/api-token.service';
import { TokenAuthService } from './tokens/token-auth.service';
import { Passwords } from './users/passwords';
import { userRoutes } from './users/users.routes';
import { UserService } from './users/user.service';
import { webRoutes } from './web/web.routes';

/** Wires the gateway: services, the two API pipelines, docs, status routes, the web UI. */
export async function gatewayApp(
  runtime: Runtime,
  db: Db,
  config: GatewayConfig,
  services: GatewayServices,
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
  // Password attempts wait up to a second for their count before failing open: what they
  // guard costs a hash of most of a second, and a busy moment is when a flood would get through.
  const attempts = new PasswordAttempts(
    new RateLimiter(runtime.redis, config.runtime.redis.prefix, runtime.log, 1000),
    config.loginAttemptsPerMinute,
  );
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

  const forwardAuth = config.forwardAuth
    ? forwardAuthStep({
        config: config.forwardAuth,
        gateway: config,
        service: new ForwardAuthService({
          config: config.forwardAuth,
          db,
          sessions,
          clock,
          log: runtime.log,
        }),
        clock,
        log: runtime.log,
      })
    : undefined;
  const oidc = new OidcService({
    db,
    box: services.box,
    provider: new OidcProvider(clock),
    pending: new PendingLoginStore(runtime.redis, config.runtime.redis.prefix),
    accounts: new OidcAccounts(db, sessions, clock, runtime.log),
    clock,
    log: runtime.log,
  });

  const handlers = requireHandlers(internal, {
    ...setupRoutes({ config, setup, sessions, oidc, version: runtime.version }),
    ...authRoutes({
      config,
      auth: new AuthService(db, sessions, clock, passwords),
      attempts,
      sessions,
      settings: services.settings,
    }),
    ...oidcRoutes({
      config,
      oidc,
      attempts,
      sessions,
      settings: services.settings,
      log: runtime.log,
    }),
    ...userRoutes({ users: new UserService(db, sessions, passwords) }),
    ...jobRoutes({ config, call }),
    ...dashboardRoutes({
      dashboard: new DashboardService({
        parts: new DashboardPartClient({
          call,
          urls: config.services,
          timeoutMs: config.dashboardPartTimeoutMs,
          log: runtime.log,
        }),
        setup,
        updates: services.updates,
      }),
    }),
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
        internalApi({
          config,
          contract: internal,
          sessions,
          attempts,
          call,
          handlers,
          forwardAuth,
        }),
      );
      runtime.opsRoutes(root);
      root.use(statusRoutes(runtime.version, services.updates));
      root.use(combinedDocs(config.basePath));
      // Last: the UI answers the GETs no route above claimed (client-side routes, deep links).
      root.use(
        webRoutes({ distDir: config.webDistDir, basePath: config.basePath, log: runtime.log }),
      );
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
