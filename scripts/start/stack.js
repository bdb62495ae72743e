'use strict';
// The stack `pnpm start` runs (scripts/start.js): each service's port, environment and keys,
// whether as five processes or, with MCS_SINGLE_PROCESS=1, in one (one-process.js).
const { join, resolve } = require('node:path');
const { prepareKeys } = require('../keys');

const root = join(__dirname, '..', '..');
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
    case 'scheduler':
      // Move destinations are checked where files are moved, by catalog (decision 025).
      return { PORT: internal.scheduler, CATALOG_URL: urlOf('catalog') };
    case 'webhooks':
      // Webhooks reads a file operation's path values from catalog when a template asks.
      return { PORT: internal.webhooks, CATALOG_URL: urlOf('catalog') };
    default:
      return { PORT: internal[name] };
  }
}

/**
 * Each service as it is started: its built entry and its whole environment (with its keys:
 * scripts/keys.js); the gateway last.
 */
async function stackServices() {
  const keysFor = await prepareKeys({
    dataDir,
    databaseUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mcs',
    env: process.env,
  });
  return [...Object.keys(internal), 'gateway'].map((name) => ({
    name,
    dist: join(root, 'services', name, 'dist'),
    main: join(root, 'services', name, 'dist', 'main.js'),
    env: { ...process.env, ...envFor(name), ...keysFor(name) },
  }));
}

/**
 * The V8 options of MCS_SINGLE_PROCESS's one process: one heap for all five, catalog's own cap
 * (envFor) plus room for the other four, and a young generation of 4 MB semi-spaces instead of
 * 16: under load the five services' short-lived garbage otherwise grows it to its maximum and
 * the process keeps that memory idle afterwards (bench/api/RESULTS.md has both figures).
 */
const ONE_PROCESS_NODE_OPTIONS = '--max-old-space-size=384 --max-semi-space-size=4';

module.exports = { gatewayPort, metricsPort, stackServices, ONE_PROCESS_NODE_OPTIONS };
