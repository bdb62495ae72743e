import { join } from 'node:path';
import type { Express, Router } from 'express';
import type { Pool } from 'pg';
import type { DestinationStream } from 'pino';
import { pgDatabase } from './data/pg-database';
import { serveInternalApi } from './internal-api';
import type { HttpServer } from './http/server';
import { startRuntime, type Runtime } from './runtime';
import type { ServiceConfig } from './runtime-config';
import { settingsConsumer } from './settings/settings.consumer';
import type { SettingsProjection } from './settings/settings-follower';

export interface StartedService<D> {
  runtime: Runtime;
  db: D;
  url: string;
  /** Where GET /metrics answers: the service's own URL, or its metrics port (metricsPortVar). */
  metricsUrl: string;
  stop: () => Promise<void>;
}

/** What a service is; its src/server.ts passes it to startService with the parsed config. */
export interface ServiceDefinition<D, C extends ServiceConfig, S = undefined, P = undefined> {
  /** Service name; also its PostgreSQL schema. */
  service: string;
  /** The directory of the calling module (src/ or dist/): prisma/migrations stands beside it. */
  dir: string;
  /**
   * Runs first, before anything connects or migrates: what the service cannot start without
   * and can check on its own (its encryption keys, opened as a SecretBox). A bad key then stops
   * the start before it has touched the database. What it returns is handed to `build`.
   */
  prepare?: (config: C) => P | Promise<P>;
  /** Builds the service's Prisma client (generated per service) over the runtime's pool. */
  createDb: (pool: Pool) => D;
  /**
   * Builds the HTTP app. Internal services omit it: they get the ops routes plus /api behind
   * the gateway signature (serveInternalApi), with `mount` adding their routes.
   */
  app?: (runtime: Runtime, db: D, config: C) => Express | Promise<Express>;
  /** Builds the service objects once (STYLE 10); routes and consumers share them. */
  build?: (runtime: Runtime, db: D, prepared: P) => S;
  mount?: (api: Router, services: S) => void;
  /** Full paths (prefixes, e.g. `/api/rules/import`) that accept JSON bodies above 256 KiB. */
  largeBodies?: Readonly<Record<string, string>>;
  /** Message consumers, started once the service serves and stopped with its other intake. */
  consumers?: (runtime: Runtime, db: D, services: S) => Intake[];
  /**
   * The service's projection of the general settings (docs/decisions/025), built in `build`:
   * its settings.changed consumer starts with the others, then the owner is asked once for
   * the current version (settings.requested).
   */
  settings?: (services: S) => SettingsProjection;
}

/** Something that takes work in (a consumer, a worker): started, then drained on stop. */
export interface Intake {
  readonly queue: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Install SIGTERM/SIGINT handlers (main.ts; tests stop services themselves). */
  handleSignals?: boolean;
  /** Where log lines go (stdout by default); tests pass a collector to read them. */
  logDestination?: DestinationStream;
}

/** A service's Prisma migrations, from the directory of its src/server.ts (or dist/server.js). */
export function serviceMigrations(dir: string): string {
  return join(dir, '..', 'prisma', 'migrations');
}

/** Starts a service: runtime, Prisma client, HTTP server; `stop()` drains and closes all. */
export async function startService<
  D extends { $disconnect(): Promise<void> },
  C extends ServiceConfig,
  S = undefined,
  P = undefined,
>(
  definition: ServiceDefinition<D, C, S, P>,
  config: C,
  options: StartOptions = {},
): Promise<StartedService<D> & { services: S }> {
  // Without `prepare` P is undefined, which is what this yields.
  const prepared = (await definition.prepare?.(config)) as P;
  const runtime = await startRuntime({
    service: definition.service,
    config: config.runtime,
    migrations: serviceMigrations(definition.dir),
    handleSignals: options.handleSignals,
    logDestination: options.logDestination,
  });
  const db = definition.createDb(runtime.pool);
  runtime.onStop({ name: 'prisma', close: () => db.$disconnect() });
  // Without `build` S is undefined, which is what this yields.
  const services = definition.build?.(runtime, db, prepared) as S;
  const server = definition.app
    ? await runtime.serve(await definition.app(runtime, db, config))
    : await serveInternalApi(runtime, (api) => definition.mount?.(api, services), {
        largeBodies: definition.largeBodies,
      });
  const settings = definition.settings?.(services);
  const intakes = definition.consumers?.(runtime, db, services) ?? [];
  if (settings) intakes.push(settingsConsumer(runtime, runtime.pool, settings));
  for (const intake of intakes) {
    await intake.start();
    runtime.onStop({ name: intake.queue, close: () => intake.stop() });
  }
  await settings?.request(runtime.outbox, pgDatabase(runtime.pool), definition.service);
  return { ...startedService(runtime, db, server), services };
}

/** The handle of a started service (startService's; exported while branches still use it). */
export function startedService<D>(runtime: Runtime, db: D, server: HttpServer): StartedService<D> {
  const url = `http://127.0.0.1:${server.port}`;
  const metricsUrl =
    runtime.metricsPort === undefined ? url : `http://127.0.0.1:${runtime.metricsPort}`;
  return { runtime, db, url, metricsUrl, stop: runtime.stop };
}
