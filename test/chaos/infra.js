'use strict';
// The chaos run's own PostgreSQL, Redis and RabbitMQ (test/chaos/run.js): the faults are
// injected into these, so the machine's servers, and whatever else uses them, are never touched.
// Each is started from the installed binaries on a free port under one scratch directory:
// PostgreSQL and RabbitMQ as their own system users (`postgres`, `rabbitmq`) when run as root.
const { execFile, spawn } = require('node:child_process');
const { chmodSync, mkdirSync, readdirSync, readFileSync } = require('node:fs');
const net = require('node:net');
const { join } = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);

/** A shell command as `user` when this process is root (the servers refuse root), else as is. */
function asUser(user, command, env = {}) {
  const exports = Object.entries(env)
    .map(([name, value]) => `export ${name}='${value}'; `)
    .join('');
  const script = `${exports}${command}`;
  return process.getuid?.() === 0
    ? run('su', [user, '-s', '/bin/sh', '-c', script], { timeout: 120_000 })
    : run('/bin/sh', ['-c', script], { timeout: 120_000 });
}

/**
 * A free port below the kernel's ephemeral range, kept for this run. A port bound and released
 * in that range (the kit's freePort) can be taken before its server binds it, by any of the
 * many connections ten services open at start: a replica then failed to listen until the
 * supervisor gave up, in one run of ten. Below the range only an explicit bind can take it.
 */
const handedOut = new Set();
async function freePort() {
  const ephemeral = Number(
    readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0] || 32768,
  );
  const low = 10_000;
  for (let tries = 0; tries < 1000; tries += 1) {
    const port = low + Math.floor(Math.random() * (ephemeral - low - 1));
    if (handedOut.has(port) || (await portOpen(port))) continue;
    const bindable = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (bindable) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port below the ephemeral range');
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() || true));
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once the port accepts connections; the time it took, in ms. */
async function untilOpen(port, what, timeoutMs = 120_000) {
  const started = Date.now();
  while (!(await portOpen(port))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not open port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

/** A directory the servers' users may write in: made by them, under a world-readable parent. */
function scratch(parent, name) {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  return dir;
}

/**
 * PostgreSQL with fsync on, so its crash is a real one: `restart` stops it in immediate mode
 * (no checkpoint: the next start replays the WAL) and starts it again.
 */
async function startPostgres(dir) {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const bin = join('/usr/lib/postgresql', versions[0], 'bin');
  const data = join(scratch(dir, 'postgres'), 'data');
  const port = await freePort();
  const ctl = (args) => asUser('postgres', `${bin}/pg_ctl -D ${data} ${args}`);
  const options = `-p ${port} -k ${dir}/postgres -c listen_addresses=127.0.0.1 -c max_connections=300`;
  await asUser('postgres', `${bin}/initdb -D ${data} -A trust -U postgres > /dev/null`);
  await ctl(`-o "${options}" -l ${dir}/postgres/log -w start`);
  return {
    name: 'PostgreSQL',
    url: `postgresql://postgres@127.0.0.1:${port}/mcs_chaos`,
    async restart() {
      await ctl('-m immediate -w stop');
      await ctl(`-o "${options}" -l ${dir}/postgres/log -w start`);
      return untilOpen(port, 'PostgreSQL');
    },
    stop: () => ctl('-m immediate -w stop').catch(() => undefined),
  };
}

/** Redis without persistence, as the machine's: `flush` empties every database. */
async function startRedis(dir) {
  const port = await freePort();
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { cwd: dir, stdio: 'ignore' },
  );
  await untilOpen(port, 'Redis', 30_000);
  return {
    name: 'Redis',
    url: `redis://127.0.0.1:${port}`,
    flush: () => run('redis-cli', ['-p', String(port), 'FLUSHALL']),
    stop: () => server.kill('SIGKILL'),
  };
}

/** A RabbitMQ node of its own (name, ports, data): `restart` stops the node and starts it again. */
async function startRabbitMq(dir) {
  const base = scratch(dir, 'rabbitmq');
  const [port, distPort] = [await freePort(), await freePort()];
  const node = `mcs-chaos-${process.pid}@localhost`;
  const env = {
    RABBITMQ_NODENAME: node,
    RABBITMQ_NODE_PORT: port,
    RABBITMQ_DIST_PORT: distPort,
    RABBITMQ_MNESIA_BASE: `${base}/mnesia`,
    RABBITMQ_LOG_BASE: `${base}/log`,
    RABBITMQ_ENABLED_PLUGINS_FILE: `${base}/plugins`,
    RABBITMQ_CONFIG_FILE: `${base}/rabbitmq`,
  };
  // Quorum queues hold file handles: the node gets the hard limit (see .ci/run).
  const start = () =>
    asUser(
      'rabbitmq',
      'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; ' +
        `cd ${base} && /usr/lib/rabbitmq/bin/rabbitmq-server -detached`,
      env,
    );
  const stop = () => run('rabbitmqctl', ['-n', node, 'stop'], { timeout: 60_000 });
  await start();
  await untilOpen(port, 'RabbitMQ');
  return {
    name: 'RabbitMQ',
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    async restart() {
      await stop();
      const down = Date.now();
      await start();
      await untilOpen(port, 'RabbitMQ');
      return Date.now() - down;
    },
    stop: () => stop().catch(() => undefined),
  };
}

/** All three, in parallel; `stop()` stops whatever started. */
async function startInfra(dir) {
  const started = await Promise.allSettled([
    startPostgres(dir),
    startRedis(dir),
    startRabbitMq(dir),
  ]);
  const servers = started.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const stop = () => Promise.all(servers.map((server) => server.stop()));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [postgres, redis, rabbitmq] = servers;
  return { postgres, redis, rabbitmq, stop };
}

module.exports = { startInfra, freePort, portOpen };
