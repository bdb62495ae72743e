import type { Express, Router } from 'express';
import type { Pool } from 'pg';
import { serveInternalApi } from './http/internal-api';
import { startRuntime, type Runtime } from './runtime';
import type { RuntimeConfig } from './runtime-config';

export interface StartedService<D> {
  runtime: Runtime;
  db: D;
  url: string;
  stop: () => Promise<void>;
}

export interface ServiceOptions<D> {
  /** Service name; also its PostgreSQL schema. */
  service: string;
  config: RuntimeConfig;
  migrations: string;
  handleSignals?: boolean;
  /** Builds the service's Prisma client over the runtime's pool. */
  createDb: (pool: Pool) => D;
  /**
   * Builds the HTTP app. Internal services omit it: they get the ops routes plus /api behind
   * the gateway signature (serveInternalApi), with `mount` adding their routes.
   */
  app?: (runtime: Runtime, db: D) => Express | Promise<Express>;
  mount?: (api: Router, runtime: Runtime, db: D) => void;
}

/** Starts a service: runtime, Prisma client, HTTP server; `stop()` drains and closes all. */
export async function startService<D extends { $disconnect(): Promise<void> }>(
  options: ServiceOptions<D>,
): Promise<StartedService<D>> {
  const runtime = await startRuntime(options);
  const db = options.createDb(runtime.pool);
  runtime.onStop({ name: 'prisma', close: () => db.$disconnect() });
  const server = options.app
    ? await runtime.serve(await options.app(runtime, db))
    : await serveInternalApi(runtime, (api) => options.mount?.(api, runtime, db));
  return { runtime, db, url: `http://127.0.0.1:${server.port}`, stop: runtime.stop };
}
