#!/usr/bin/env node
'use strict';
// The chaos run's stack, a child of test/chaos/run.js: two replicas of each of the five
// services, each behind a balancer (balancer.js) on the port the others know the service by,
// supervised as `pnpm start` supervises them (scripts/start/supervisor.js): a replica that
// exits unasked, a SIGKILL included, is started again. Replica ports come from
// CHAOS_REPLICA_PORTS ({"gateway": [p1, p2], ...}) and the gateways' metrics ports from
// CHAOS_METRICS_PORTS; the balancers listen on MCS_<SERVICE>_PORT, as scripts/start/stack.js
// reads them.
const { stackServices } = require('../../scripts/start/stack');
const { supervise } = require('../../scripts/start/supervisor');
const { balance } = require('./balancer');

async function main() {
  const replicaPorts = JSON.parse(process.env.CHAOS_REPLICA_PORTS);
  const metricsPorts = JSON.parse(process.env.CHAOS_METRICS_PORTS);
  const services = await stackServices();
  const replicas = services.flatMap((service) =>
    replicaPorts[service.name].map((port, i) => ({
      ...service,
      name: `${service.name}-${i + 1}`,
      env: {
        ...service.env,
        PORT: String(port),
        ...(service.name === 'gateway' ? { METRICS_PORT: String(metricsPorts[i]) } : {}),
      },
    })),
  );
  for (const service of services)
    balance(Number(service.env.PORT ?? process.env.MCS_GATEWAY_PORT), replicaPorts[service.name]);
  const stack = supervise(replicas);
  process.on('SIGINT', () => stack.stop(0));
  process.on('SIGTERM', () => stack.stop(0));
}

main().catch((error) => {
  process.stderr.write(`chaos stack failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
