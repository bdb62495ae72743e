#!/usr/bin/env node
// `pnpm start` (after scripts/build-if-changed.js): starts the five built services with
// prefixed logs, waits until the gateway reports every service and dependency healthy, prints
// its URL. A service that exits unasked is restarted after a short, growing delay while the
// others keep serving; a configuration error (exit 78) or a crash loop stops everything
// (start/restart-policy.js). Ctrl-C stops them all.
// Each service creates the database if needed and applies its migrations when it starts.
// Ports: MCS_GATEWAY_PORT (8000), MCS_GATEWAY_METRICS_PORT (9100: the gateway's /metrics),
// MCS_CATALOG_PORT (8101), MCS_CLEANUP_PORT (8102), MCS_SCHEDULER_PORT (8103),
// MCS_WEBHOOKS_PORT (8104). Everything else is read by the services themselves
// (DATABASE_URL, REDIS_URL, AMQP_URL, ...). Keys live in MCS_DATA_DIR (.data): scripts/keys.js.
'use strict';
const { existsSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { prepareKeys } = require('./keys');
const { supervise } = require('./start/supervisor');

const root = join(__dirname, '..');
const dataDir = resolve(root, process.env.MCS_DATA_DIR ?? '.data');
const port = (name, fallback) => process.env[`MCS_${name.toUpperCase()}_PORT`] ?? String(fallback);
const internal = {
  catalog: port('catalog', 8101),
  cleanup: port('cleanup', 8102),
  scheduler: port('scheduler', 8103),
  webhooks: port('webhooks', 8104),
};
const gatewayPort = port('gateway', 8000);
const metricsPort = port('gateway_metrics', 9100);
const urlOf = (name) => `http://127.0.0.1:${internal[name]}`;

/** What a service's environment adds to (or overrides in) the one `pnpm start` was given. */
function envFor(name) {
  switch (name) {
    case 'gateway':
      return {
        PORT: gatewayPort,
        METRICS_PORT: metricsPort,
        ...Object.fromEntries(
          Object.keys(internal).map((service) => [`${service.toUpperCase()}_URL`, urlOf(service)]),
        ),
      };
    case 'catalog':
      // Catalog streams whole libraries through its heap; with Node's default (a quarter of
      // RAM) V8 lets garbage pile up to ~550 MB at peak. A 256 MB old space keeps it under
      // 300 MB for a 50 000-movie library at a 5-10 % time cost (bench/catalog-sync/RESULTS.md).
      return {
        PORT: internal.catalog,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=256`.trim(),
      };
    case 'webhooks':
      // Webhooks reads a file operation's path values from catalog when a template asks.
      return { PORT: internal.webhooks, CATALOG_URL: urlOf('catalog') };
    default:
      return { PORT: internal[name] };
  }
}

/** Each service as the supervisor starts it (its whole environment); the gateway last. */
function stackServices(keysFor) {
  return [...Object.keys(internal), 'gateway'].map((name) => ({
    name,
    main: join(root, 'services', name, 'dist', 'main.js'),
    env: { ...process.env, ...envFor(name), ...keysFor(name) },
  }));
}

/** Polls the gateway's /health until every service and dependency is healthy. */
async function waitUntilHealthy(stack) {
  const url = `http://localhost:${gatewayPort}`;
  const deadline = Date.now() + 60_000;
  let last = 'no answer yet';
  while (!stack.stopping && Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      const report = await response.json();
      if (response.ok) {
        process.stdout.write(
          `\nMedia Cleanup Service is up: ${url}/ (the web UI)\n  health: ${url}/health\n` +
            `  metrics: http://localhost:${metricsPort}/metrics\n  press Ctrl-C to stop\n\n`,
        );
        return;
      }
      last = report.checks
        .filter((c) => c.status !== 'ok')
        .map((c) => `${c.name}: ${c.error}`)
        .join(', ');
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (stack.stopping) return;
  process.stdout.write(`\nThe services did not become healthy within 60 s (${last}).\n`);
  stack.stop(1);
}

async function main() {
  const keysFor = await prepareKeys({
    dataDir,
    databaseUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mcs',
    env: process.env,
  });
  const services = stackServices(keysFor);
  const missing = services.filter((service) => !existsSync(service.main));
  if (missing.length > 0) {
    process.stderr.write(`Not built: ${missing.map((s) => s.main).join(', ')}; run pnpm build.\n`);
    process.exit(1);
  }
  const stack = supervise(services);
  process.on('SIGINT', () => stack.stop(0));
  process.on('SIGTERM', () => stack.stop(0));
  await waitUntilHealthy(stack);
}

main().catch((error) => {
  process.stderr.write(`pnpm start failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
