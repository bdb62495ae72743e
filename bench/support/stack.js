'use strict';
// The five built services started as `pnpm start` starts them (services/*/dist/main.js), on
// free ports, against one scratch database and namespace: shared by the benchmarks that measure
// the whole stack (bench/web, bench/api).
const { spawn } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { TEST_ENCRYPTION_KEYS, TEST_KEY_ENV } = require('../../packages/kit/dist/testing');
const { ONE_PROCESS_NODE_OPTIONS } = require('../../scripts/start/stack');

const ROOT = join(__dirname, '..', '..');
const SERVICES = ['catalog', 'cleanup', 'scheduler', 'webhooks'];
const PASSWORD = 'correct horse battery';

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Starts a built service (or `main`) and waits for its /health on env.PORT; the child is added
 * to `children`. Its log (stdout) is read and its lines counted in `child.lines`, as
 * `pnpm start` reads it.
 */
async function start(children, name, env, main = join(ROOT, 'services', name, 'dist', 'main.js')) {
  // Each service writes a V8 CPU profile there when it stops (bench/support/profile-top.js).
  const profile = process.env.CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, main], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.service = name;
  child.lines = 0;
  child.stdout.on('data', (chunk) => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) child.lines += 1;
  });
  children.push(child);
  let exited = null;
  child.on('exit', (code) => (exited = code));
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 600; i += 1) {
    if (exited !== null) throw new Error(`${name} exited with ${exited}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer /health`);
}

/**
 * Starts catalog, cleanup, scheduler and webhooks, then the gateway pointing at them.
 * `env` is the kit's test environment (createTestEnv); `gatewayEnv` adds to the gateway's;
 * `logLevel` is every service's LOG_LEVEL; `single` runs the five in one process as
 * `MCS_SINGLE_PROCESS=1 pnpm start` does (scripts/start/one-process.js, keys in a temporary
 * data directory). Returns the gateway's URL, every child process (`child.service` names it:
 * `mcs` for the one process) and stop().
 */
async function startStack(env, { gatewayEnv = {}, logLevel = 'warn', single = false } = {}) {
  const children = [];
  process.on('exit', () => children.forEach((child) => child.kill('SIGTERM')));
  const common = {
    DATABASE_URL: env.databaseUrl,
    BROKER_NAMESPACE: env.namespace,
    REDIS_PREFIX: env.redisPrefix,
    // The one process takes its keys from its data directory, as `pnpm start` gives them.
    ...(single ? {} : TEST_KEY_ENV),
    ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS.join(','),
    LOG_LEVEL: logLevel,
  };
  const urls = {};
  for (const name of SERVICES) urls[name] = `http://127.0.0.1:${await freePort()}`;
  if (single) {
    const ports = { GATEWAY: await freePort(), GATEWAY_METRICS: await freePort() };
    for (const name of SERVICES) ports[name.toUpperCase()] = new URL(urls[name]).port;
    const gateway = await start(
      children,
      'mcs',
      {
        ...common,
        ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [`MCS_${k}_PORT`, String(v)])),
        MCS_DATA_DIR: mkdtempSync(join(tmpdir(), 'mcs-bench-')),
        NODE_OPTIONS: ONE_PROCESS_NODE_OPTIONS,
        PORT: String(ports.GATEWAY),
        ...gatewayEnv,
      },
      join(ROOT, 'scripts', 'start', 'one-process.js'),
    );
    return { gateway, children, stop: () => stopAll(children) };
  }
  await Promise.all(
    SERVICES.map((name) =>
      start(children, name, {
        ...common,
        PORT: new URL(urls[name]).port,
        ...(name === 'webhooks' ? { CATALOG_URL: urls.catalog } : {}),
      }),
    ),
  );
  const gateway = await start(children, 'gateway', {
    ...common,
    PORT: String(await freePort()),
    METRICS_PORT: String(await freePort()),
    ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_URL`, urls[name]])),
    ...gatewayEnv,
  });
  return { gateway, children, stop: () => stopAll(children) };
}

async function stopAll(children) {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.on('exit', resolve)) : null,
    ),
  );
}

/** First-run setup through the gateway: the administrator's session cookie and CSRF token. */
async function setupAdmin(gateway) {
  const setup = await fetch(`${gateway}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (setup.status !== 201) throw new Error(`setup: ${setup.status} ${await setup.text()}`);
  const cookie = /mcs_session=([^;]*)/.exec(setup.headers.get('set-cookie'))[1];
  const { csrf_token: csrf } = await setup.json();
  return { cookie, csrf, headers: { cookie: `mcs_session=${cookie}`, 'x-csrf-token': csrf } };
}

module.exports = { startStack, setupAdmin };
