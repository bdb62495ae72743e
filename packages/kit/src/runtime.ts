import { join } from 'node:path';
import type { Express } from 'express';
import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import type { DestinationStream } from 'pino';
import { createPool } from './data/database';
import { ensureDatabase, migrate } from './data/migrate';
import { Outbox } from './messaging/outbox';
import { OutboxRelay } from './messaging/relay';
import { PLATFORM_SCHEMA } from './data/secrets';
import {
  encodePublicKey,
  publicKeyOf,
  deriveSigningKey,
  type SigningKey,
} from './crypto/signing-keys';
import { listen, type HttpServer } from './http/server';
import { createLogger, type Logger } from './logger';
import { BrokerConnection } from './messaging/connection';
import { Publisher } from './messaging/publisher';
import { brokerNames, type BrokerNames } from './messaging/topology';
import type { HealthCheck } from './ops/health';
import { healthRouter } from './ops/health';
import { createMetrics, type Metrics, serveMetrics } from './ops/metrics';
import { type Closer, installShutdown } from './ops/shutdown';
import type { RuntimeConfig } from './runtime-config';
import { withTimeout } from './timeout';
import { PRODUCT_VERSION } from './version';

const PLATFORM_MIGRATIONS = join(__dirname, '..', 'migrations');

export interface RuntimeOptions {
  /** Service name; also its PostgreSQL schema. */
  service: string;
  config: RuntimeConfig;
  /** The service's prisma/migrations directory. */
  migrations: string;
  /** Install SIGTERM/SIGINT handlers (off in tests, which stop services themselves). */
  handleSignals?: boolean;
  /** Where log lines go (stdout by default). */
  logDestination?: DestinationStream;
}

/**
 * The parts every service starts from, connected and migrated: logger, database pool, Redis,
 * broker connection and publisher, outbox + relay, health checks and metrics. `stop()` closes
 * them in order: intake first (HTTP, consumers, workers: what the service registered with
 * `onStop`), then the relay, then the connections.
 */
export interface Runtime {
  service: string;
  version: string;
  log: Logger;
  pool: Pool;
  redis: Redis;
  broker: BrokerConnection;
  names: BrokerNames;
  publisher: Publisher;
  outbox: Outbox;
  relay: OutboxRelay;
  metrics: Metrics;
  /** The port of the listener that serves /metrics alone; undefined: /metrics is an ops route. */
  metricsPort: number | undefined;
  /** Signs this service's internal calls (createInternalClient). */
  signingKey: SigningKey;
  config: RuntimeConfig;
  /** Readiness checks; services may add their own before serving. */
  checks: Record<string, HealthCheck>;
  /** Ops routes: /health, /health/live and, unless it has a port of its own, /metrics. */
  opsRoutes: (app: Express) => void;
  /** Registers intake to drain on stop, in registration order, before connections close. */
  onStop: (closer: Closer) => void;
  serve: (app: Express, port?: number) => Promise<HttpServer>;
  stop: () => Promise<void>;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { service, config } = options;
  const log = createLogger({
    service,
    level: config.log.level,
    destination: options.logDestination,
  });
  const signingKey = checkedSigningKey(service, config.keys);

  await ensureDatabase(config.database.url);
  const applied = await migrate(config.database.url, [
    { schema: PLATFORM_SCHEMA, directory: PLATFORM_MIGRATIONS },
    { schema: service, directory: options.migrations },
  ]);
  if (applied.length > 0)
    log.info({ migrations: applied.map((m) => `${m.schema}/${m.name}`) }, 'migrations applied');

  const pool = createPool({
    url: config.database.url,
    schema: service,
    max: config.database.poolMax,
  });
  pool.on('error', (error) => log.warn({ err: error }, 'idle database connection failed'));

  const redis = connectRedis(config.redis.url);
  redis.on('error', (error) => log.warn({ err: error }, 'redis error'));

  const names = brokerNames(config.broker.namespace);
  const broker = await BrokerConnection.connect(config.broker.url, log);
  const publisher = new Publisher(broker, names, log);
  await publisher.start();
  const relay = new OutboxRelay({ pool, schema: service, publisher, log });
  const outbox = new Outbox(service);
  relay.start();

  const metrics = createMetrics(service);
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await serveMetrics(metrics, log, config.metricsPort);
  if (metricsServer) log.info({ port: metricsServer.port }, 'metrics listening');
  const servers: HttpServer[] = metricsServer ? [metricsServer] : [];
  const checks: Record<string, HealthCheck> = {
    database: async () => {
      await pool.query('SELECT 1');
    },
    redis: async () => {
      await redis.ping();
    },
    broker: () =>
      broker.connected ? Promise.resolve() : Promise.reject(new Error('not connected')),
  };

  const intake: Closer[] = [];
  const closers = (): Closer[] => [
    // Every listener (the gateway's metrics port too) stops taking requests at the same moment.
    { name: 'http', close: () => Promise.all(servers.map((s) => s.close())).then(() => undefined) },
    ...intake,
    { name: 'outbox relay', close: () => relay.stop() },
    { name: 'broker', close: () => broker.close() },
    // QUIT waits for a connection that may never come back; then just drop the socket.
    {
      name: 'redis',
      close: () =>
        withTimeout(redis.quit(), 1000).then(
          () => undefined,
          () => redis.disconnect(),
        ),
    },
    { name: 'database', close: () => pool.end() },
  ];
  const stop = options.handleSignals
    ? installShutdown(log, closers, config.shutdownTimeoutMs)
    : async () => {
        for (const closer of closers()) await closer.close().catch(() => undefined);
      };

  return {
    service,
    version: PRODUCT_VERSION,
    log,
    pool,
    redis,
    broker,
    names,
    publisher,
    outbox,
    relay,
    metrics,
    metricsPort: metricsServer?.port,
    signingKey,
    config,
    checks,
    opsRoutes: (app) => {
      app.use(healthRouter(checks, PRODUCT_VERSION, log));
      if (config.metricsPort === undefined) app.use(metrics.router);
    },
    onStop: (closer) => intake.push(closer),
    serve: async (app, port = config.port) => {
      const server = await listen(app, port);
      servers.push(server);
      log.info({ port: server.port }, 'listening');
      return server;
    },
    stop,
  };
}

/**
 * The other services verify this one's calls with the public key listed under its name: a key
 * pair that does not match would make every call it signs fail, so it stops the start instead.
 */
function checkedSigningKey(service: string, keys: RuntimeConfig['keys']): SigningKey {
  const listed = keys.peers.get(service);
  if (!listed || encodePublicKey(listed) !== publicKeyOf(keys.signing))
    throw new Error(
      `INTERNAL_PUBLIC_KEYS lists no key for ${service} that matches its INTERNAL_SIGNING_KEY`,
    );
  return deriveSigningKey(service, keys.signing, keys.peers);
}

/** A Redis connection as BullMQ needs it (commands wait for a reconnect instead of failing). */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}
