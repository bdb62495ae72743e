#!/usr/bin/env node
// `pnpm start` (after scripts/build-if-changed.js): starts the five built services with
// prefixed logs, waits until the gateway reports every service and dependency healthy, prints
// its URL. A service that exits unasked is restarted after a short, growing delay while the
// others keep serving; a configuration error (exit 78) or a crash loop stops everything
// (start/restart-policy.js). Ctrl-C stops them all. MCS_SINGLE_PROCESS=1 runs the five in one
// Node process instead (start/one-process.js): less memory for a small install.
// Each service creates the database if needed and applies its migrations when it starts.
// Ports: MCS_GATEWAY_PORT (8000), MCS_GATEWAY_METRICS_PORT (9100: the gateway's /metrics),
// MCS_CATALOG_PORT (8101), MCS_CLEANUP_PORT (8102), MCS_SCHEDULER_PORT (8103),
// MCS_WEBHOOKS_PORT (8104). Everything else is read by the services themselves
// (DATABASE_URL, REDIS_URL, AMQP_URL, ...). Keys live in MCS_DATA_DIR (.data): scripts/keys.js.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const {
  gatewayPort,
  metricsPort,
  stackServices,
  ONE_PROCESS_NODE_OPTIONS,
} = require('./start/stack');
const { supervise } = require('./start/supervisor');

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

/**
 * MCS_SINGLE_PROCESS=1: the five services in one Node process (start/one-process.js), for small
 * installs; supervised, restarted and stopped as one service would be.
 */
function oneProcess() {
  return {
    name: 'mcs',
    main: join(__dirname, 'start', 'one-process.js'),
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${ONE_PROCESS_NODE_OPTIONS}`.trim(),
    },
  };
}

async function main() {
  const services = await stackServices();
  const missing = services.filter((service) => !existsSync(service.main));
  if (missing.length > 0) {
    process.stderr.write(`Not built: ${missing.map((s) => s.main).join(', ')}; run pnpm build.\n`);
    process.exit(1);
  }
  const stack = supervise(process.env.MCS_SINGLE_PROCESS === '1' ? [oneProcess()] : services);
  process.on('SIGINT', () => stack.stop(0));
  process.on('SIGTERM', () => stack.stop(0));
  await waitUntilHealthy(stack);
}

main().catch((error) => {
  process.stderr.write(`pnpm start failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
