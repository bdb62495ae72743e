#!/usr/bin/env node
// MCS_SINGLE_PROCESS=1 `pnpm start`: the five services in this one Node process, for small
// installs (one runtime, one set of loaded libraries). Each is started exactly as its own
// main.js starts it, from its own environment (start/stack.js): its own port, configuration,
// database pool, broker connection, Redis client, logger and metrics registry; they share
// nothing but the process and talk over HTTP and RabbitMQ as they do apart. The catalog,
// cleanup, scheduler and webhooks start together, the gateway last; SIGTERM or SIGINT stops
// the gateway first, then the rest. If one cannot start, the process exits and `pnpm start`'s
// supervisor restarts it, as it would a service of its own.
'use strict';
const { join } = require('node:path');
const { stackServices } = require('./stack');

/** Each service's start function, as its main.js calls it. */
const STARTERS = {
  catalog: 'startCatalog',
  cleanup: 'startCleanup',
  scheduler: 'startScheduler',
  webhooks: 'startWebhooks',
  gateway: 'startGateway',
};

function startOne(service) {
  const { loadConfig } = require(join(service.dist, 'config.js'));
  const start = require(join(service.dist, 'server.js'))[STARTERS[service.name]];
  return start(loadConfig(service.env), {}).catch((error) => {
    throw new Error(`${service.name} failed to start: ${error?.stack ?? error}`);
  });
}

async function main() {
  const services = await stackServices();
  const gateway = services.find((service) => service.name === 'gateway');
  const backends = services.filter((service) => service !== gateway);
  const running = [];
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    for (const service of running.reverse()) await service.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  try {
    const results = await Promise.allSettled(backends.map(startOne));
    for (const result of results) if (result.status === 'fulfilled') running.push(result.value);
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    running.push(await startOne(gateway));
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    await stop(1);
  }
}

main().catch((error) => {
  process.stderr.write(`single process failed: ${error?.stack ?? error}\n`);
  process.exit(1);
});
