#!/usr/bin/env node
// `pnpm start`: starts the five built services with prefixed logs, waits until the gateway
// reports every service and dependency healthy, prints its URL; Ctrl-C stops them all.
// Each service creates the database if needed and applies its migrations when it starts.
// Ports: MCS_GATEWAY_PORT (8000), MCS_GATEWAY_METRICS_PORT (9100: the gateway's /metrics),
// MCS_CATALOG_PORT (8101), MCS_CLEANUP_PORT (8102), MCS_SCHEDULER_PORT (8103),
// MCS_WEBHOOKS_PORT (8104). Everything else is read by the services themselves
// (DATABASE_URL, REDIS_URL, AMQP_URL, ...). Keys live in MCS_DATA_DIR (.data): scripts/keys.js.
const { spawn } = require('node:child_process');
const { join, resolve } = require('node:path');
const readline = require('node:readline');
const { prepareKeys } = require('./keys');

const root = join(__dirname, '..');
const dataDir = resolve(root, process.env.MCS_DATA_DIR ?? '.data');
const port = (name, fallback) => Number(process.env[`MCS_${name.toUpperCase()}_PORT`] ?? fallback);
const internal = {
  catalog: port('catalog', 8101),
  cleanup: port('cleanup', 8102),
  scheduler: port('scheduler', 8103),
  webhooks: port('webhooks', 8104),
};
const gatewayPort = port('gateway', 8000);
const metricsPort = port('gateway_metrics', 9100);
// Catalog streams whole libraries through its heap; with Node's default (a quarter of RAM) V8
// lets garbage pile up to ~550 MB at peak. A 256 MB old space keeps it under 300 MB for a
// 50 000-movie library at a 5-10 % time cost (bench/catalog-sync/RESULTS.md).
const HEAP = {
  catalog: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=256`.trim() },
};
// Webhooks reads a file operation's path values from catalog when a template asks for them.
const PEERS = { webhooks: { CATALOG_URL: `http://127.0.0.1:${internal.catalog}` } };

const services = [
  ...Object.entries(internal).map(([name, p]) => ({
    name,
    env: { PORT: String(p), ...HEAP[name], ...PEERS[name] },
  })),
  {
    name: 'gateway',
    env: {
      PORT: String(gatewayPort),
      METRICS_PORT: String(metricsPort),
      ...Object.fromEntries(
        Object.entries(internal).map(([name, p]) => [
          `${name.toUpperCase()}_URL`,
          `http://127.0.0.1:${p}`,
        ]),
      ),
    },
  },
];

const colors = [36, 35, 33, 32, 34];
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** Pino JSON lines become "12:00:01 INFO message {extra}"; anything else passes through. */
function format(line) {
  try {
    const { level, time, msg, service: _s, ...rest } = JSON.parse(line);
    const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
    return `${String(time).slice(11, 19)} ${LEVELS[level] ?? level} ${msg ?? ''}${extra}`;
  } catch {
    return line;
  }
}

let stopping = false;
let children = [];
function startAll(keysFor) {
  children = services.map((service, index) => {
    const prefix = `\x1b[${colors[index % colors.length]}m${service.name.padEnd(9)}|\x1b[0m `;
    const child = spawn(
      process.execPath,
      [join(root, 'services', service.name, 'dist', 'main.js')],
      {
        env: { ...process.env, ...service.env, ...keysFor(service.name) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      readline
        .createInterface({ input: stream })
        .on('line', (line) => process.stdout.write(`${prefix}${format(line)}\n`));
    }
    child.on('exit', (code, signal) => {
      if (!stopping) {
        process.stdout.write(`${prefix}exited (${signal ?? code}); stopping everything\n`);
        stop(1);
      }
    });
    return child;
  });
}

function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  let left = running.length;
  if (left === 0) process.exit(exitCode);
  for (const child of running) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
    child.kill('SIGTERM');
  }
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitUntilHealthy() {
  const url = `http://localhost:${gatewayPort}`;
  const deadline = Date.now() + 60_000;
  let last = 'no answer yet';
  while (!stopping && Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
      const report = await response.json();
      if (response.ok) {
        process.stdout.write(
          `\nMedia Cleanup Service is up: ${url}\n  health: ${url}/health\n` +
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
  if (!stopping) {
    process.stdout.write(`\nThe services did not become healthy within 60 s (${last}).\n`);
    stop(1);
  }
}
prepareKeys({
  dataDir,
  databaseUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mcs',
  env: process.env,
}).then(
  (keysFor) => {
    startAll(keysFor);
    void waitUntilHealthy();
  },
  (error) => {
    process.stderr.write(`cannot prepare the services' keys: ${error.message}\n`);
    process.exit(1);
  },
);
