#!/usr/bin/env node
// `pnpm test:chaos` (issue 31, item 3): the whole product under faults. Two replicas of each
// service (stack.js) on PostgreSQL, Redis and RabbitMQ of the run's own (infra.js), configured
// as `pnpm demo` configures them (scripts/demo.js: a larger simulated library, the same rules,
// a receiver that verifies every signature). Under a steady load of candidate actions with
// Idempotency-Keys (load.js), while the feed is followed (observe.js), it SIGKILLs one replica
// of each service in turn, then both, restarts RabbitMQ, flushes Redis and crashes and restarts
// PostgreSQL, waiting after each for recovery. Then it checks (report.js): no acknowledged
// action's event lost or twice in the feed, no action done twice, every event delivered; and
// writes test/chaos/REPORT.md and last-run.json. Exit 1 when a check fails.
// Env: CHAOS_RATE (actions a second, 10), CHAOS_WORKERS (4), CHAOS_REPORT_DIR (test/chaos).
'use strict';
const { spawn } = require('node:child_process');
const { chmodSync, createWriteStream, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const readline = require('node:readline');
const { healthy } = require('./balancer');
const { startInfra, freePort } = require('./infra');
const { startLoad } = require('./load');
const { deliveryLog, followFeed, readFeed } = require('./observe');
const { analyse, eventIndex, verdict } = require('./report');
const { render } = require('./render');

const SERVICES = ['gateway', 'catalog', 'cleanup', 'scheduler', 'webhooks'];
const LIBRARY = { movies: 2400, series: 80, seasonsPerSeries: 3, episodesPerSeason: 8 };
const RATE = Number(process.env.CHAOS_RATE ?? 10);
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 4);
const REPORT_DIR = process.env.CHAOS_REPORT_DIR ?? __dirname;
const STEADY_MS = 15_000;
const SETTLE_MS = 5_000;
const RECOVERY_TIMEOUT_MS = 180_000;

const say = (line) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await wait(250);
  }
}

/** Ports: a balancer per service (what the others call) and two replicas behind each. */
async function allocatePorts() {
  const replicas = {};
  const balancers = {};
  for (const service of SERVICES) {
    balancers[service] = await freePort();
    replicas[service] = [await freePort(), await freePort()];
  }
  return { balancers, replicas, metrics: [await freePort(), await freePort()] };
}

/** The stack child; `pids` follows each replica's current process, `exits` every exit. */
function startStack(dir) {
  const log = createWriteStream(join(dir, 'stack.log'));
  const child = spawn(process.execPath, [join(__dirname, 'stack.js')], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pids = new Map();
  const exits = [];
  const gaveUp = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    readline.createInterface({ input: stream }).on('line', (line) => {
      const started = /^(\S+?)\s*\| started \(pid (\d+)\)$/.exec(line);
      if (started) pids.set(started[1], Number(started[2]));
      const exited = /^(\S+?)\s*\| exited \((.*)\); restarting/.exec(line);
      if (exited) exits.push({ at: Date.now(), replica: exited[1], how: exited[2] });
      if (line.includes('stopping everything')) gaveUp.push(line);
    });
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    pids,
    exits,
    gaveUp,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
}

/** Every candidate id, page by page. */
async function candidateIds(gateway, token) {
  const ids = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${gateway}/api/v1/candidates?per_page=100&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await response.json();
    ids.push(...body.items.map((item) => item.id));
    if (ids.length >= body.total || body.items.length === 0) return ids;
  }
}

/** The faults, in order: what each does and which replicas must be healthy after it. */
function faultPlan(infra, stack, ports) {
  const kill = (service, replicas) => ({
    name: `SIGKILL ${replicas.length === 2 ? `both ${service} replicas` : `${service}-1`}`,
    ports: ports.replicas[service],
    async inject() {
      const old = replicas.map((r) => stack.pids.get(`${service}-${r}`));
      for (const pid of old) process.kill(pid, 'SIGKILL');
      // Back once each replica runs as a new process (the supervisor restarts it).
      return () => replicas.every((r, i) => stack.pids.get(`${service}-${r}`) !== old[i]);
    },
  });
  const every = Object.values(ports.replicas).flat();
  const infraFault = (name, act) => ({
    name,
    ports: every,
    async inject() {
      await act();
      return () => true;
    },
  });
  return [
    ...SERVICES.map((service) => kill(service, [1])),
    ...SERVICES.map((service) => kill(service, [1, 2])),
    infraFault('restart RabbitMQ', () => infra.rabbitmq.restart()),
    infraFault('flush Redis', () => infra.redis.flush()),
    infraFault('crash and restart PostgreSQL', () => infra.postgres.restart()),
  ];
}

/**
 * Injects one fault and waits for recovery: the replicas it touched healthy again (`backAt`),
 * then an action first tried after the fault in the feed and delivered (`flowingAt`).
 */
async function injectAndRecover(fault, { load, follower, deliveries }) {
  const at = Date.now();
  const record = { name: fault.name, at };
  const restarted = await fault.inject();
  const index = eventIndex();
  const deadline = at + RECOVERY_TIMEOUT_MS;
  while (Date.now() < deadline && !record.flowingAt) {
    if (!record.backAt && restarted()) {
      const states = await Promise.all(fault.ports.map(healthy));
      if (states.every(Boolean)) record.backAt = Date.now();
    }
    index.update(follower.events);
    const through = load.actions.some((a) => {
      const event = a.attempts[0]?.at >= at && index.of(a)[0];
      return event && deliveries.byId.has(event.id);
    });
    if (record.backAt && through) record.flowingAt = Date.now();
    else await wait(250);
  }
  return record;
}

/** What to stop, newest first: run at the end, and on Ctrl-C (the servers run detached). */
const cleanups = [];
let tornDown;
const tearDown = () =>
  (tornDown ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        say(`could not stop everything: ${error.message}`);
      }
    }
  })());
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    say(`${signal}: stopping everything`);
    void tearDown().then(() => process.exit(130));
  });

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'mcs-chaos-'));
  chmodSync(dir, 0o755);
  say(`scratch directory ${dir}`);
  let failed = true;
  try {
    const infra = await startInfra(dir);
    cleanups.push(() => infra.stop());
    const ports = await allocatePorts();
    Object.assign(process.env, {
      DATABASE_URL: infra.postgres.url,
      REDIS_URL: infra.redis.url,
      AMQP_URL: infra.rabbitmq.url,
      BROKER_NAMESPACE: 'chaos',
      REDIS_PREFIX: 'chaos',
      MCS_DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      CHAOS_REPLICA_PORTS: JSON.stringify(ports.replicas),
      CHAOS_METRICS_PORTS: JSON.stringify(ports.metrics),
      ...Object.fromEntries(
        SERVICES.map((s) => [`MCS_${s.toUpperCase()}_PORT`, String(ports.balancers[s])]),
      ),
    });
    // Read after the environment is set: the demo takes the gateway's port from it.
    const { configure } = require('../../scripts/demo');
    const { startSimulator } = require('../../infra/simulator/dist');
    const sim = await startSimulator(LIBRARY);
    cleanups.push(() => sim.close());
    const stack = startStack(dir);
    cleanups.push(() => stack.stop());
    say('two replicas of each service starting');
    const deliveries = deliveryLog();
    let receiver;
    const demo = await configure({
      started: Date.now(),
      sim,
      stack: stack.child,
      setReceiver: (r) => (receiver = r),
      onDelivery: (id) => deliveries.record(id),
    });
    cleanups.push(() => receiver.server.close());
    const ids = await candidateIds(demo.gateway, demo.token);
    say(`configured in ${demo.seconds} s: ${ids.length} candidates`);

    // The scan's events delivered first, so the steady load starts on an idle stack.
    const follower = followFeed(demo.gateway, demo.token);
    await until(
      "the scan's events to be delivered",
      async () =>
        follower.events.length >= ids.length &&
        follower.events.every((e) => deliveries.byId.has(e.id)),
      180_000,
    );
    const load = startLoad({
      gateway: demo.gateway,
      token: demo.token,
      candidateIds: ids,
      rate: RATE,
      workers: WORKERS,
    });
    const startedAt = Date.now();
    await wait(STEADY_MS);
    const faults = [];
    for (const fault of faultPlan(infra, stack, ports)) {
      say(`fault: ${fault.name}`);
      const record = await injectAndRecover(fault, { load, follower, deliveries });
      faults.push(record);
      if (!record.flowingAt || stack.gaveUp.length > 0) {
        say(`no recovery from ${fault.name}: ${stack.gaveUp.join('; ') || 'timed out'}`);
        break;
      }
      say(`  recovered in ${((record.flowingAt - record.at) / 1000).toFixed(1)} s`);
      await wait(SETTLE_MS);
    }
    const endedAt = Date.now();
    say(`stopping the load (${load.actions.length} actions; exhausted: ${load.exhausted})`);
    await load.stop();

    // Drain: every acknowledged action's event in the feed and every event delivered.
    const index = eventIndex();
    await until(
      'the feed and the deliveries to catch up',
      async () => {
        index.update(follower.events);
        return (
          load.actions.every((a) => !a.ackAt || index.of(a).length > 0) &&
          follower.events.every((e) => deliveries.byId.has(e.id))
        );
      },
      120_000,
    ).catch((error) => say(error.message));
    await follower.stop();
    const feed = await readFeed(demo.gateway, demo.token);
    const result = analyse({
      actions: load.actions,
      feed,
      follower,
      deliveries: deliveries.byId,
      faults,
      exits: stack.exits,
      startedAt,
      endedAt,
    });
    const checks = verdict(result);
    const setup = {
      library: LIBRARY,
      candidates: ids.length,
      rate: RATE,
      workers: WORKERS,
      replicas: 2,
      configuredInSeconds: demo.seconds,
    };
    writeFileSync(
      join(REPORT_DIR, 'last-run.json'),
      `${JSON.stringify({ setup, checks, ...result }, null, 2)}\n`,
    );
    writeFileSync(join(REPORT_DIR, 'REPORT.md'), render({ setup, checks, result }));
    failed = Object.values(checks).includes(false);
    for (const [check, ok] of Object.entries(checks)) say(`${ok ? 'PASS' : 'FAIL'} ${check}`);
    say(`report: ${join(REPORT_DIR, 'REPORT.md')}`);
  } finally {
    await tearDown();
    // The services' log stays (stack.log); the servers' data goes unless a check failed.
    if (!failed)
      for (const data of ['postgres', 'rabbitmq', 'data'])
        rmSync(join(dir, data), { recursive: true, force: true });
    say(`the services' log: ${join(dir, 'stack.log')}`);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  say(`chaos run failed: ${error.stack ?? error}`);
  process.exit(1);
});
