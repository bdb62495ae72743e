#!/usr/bin/env node
// Gateway overhead benchmark (issue 3): an authenticated GET through the gateway to a trivial
// internal route vs. the same route called directly (signed like the gateway signs it), both
// with 64 connections. Reports median/p99 latency and req/s, and the difference.
// Usage: pnpm build && node bench/gateway/run.js [seconds]
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { signInternalRequest } = require('../../packages/kit/dist');
const { createTestEnv } = require('../../packages/kit/dist/testing');

const ROOT = join(__dirname, '..', '..');
const SECONDS = Number(process.argv[2] ?? 10);
const SECRET = 'bench-internal-secret-0123456789abcdef';

function start(script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (/ready/i.test(chunk.toString())) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function json(url, init) {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 64);

/** Closed loop (as fast as possible) or, with `rate`, a fixed offered load in requests/s. */
function load(url, headers, rate) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    pipelining: 1,
    ...(rate ? { overallRate: rate } : {}),
  });
}

function summary(result) {
  return {
    median_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    req_per_s: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

(async () => {
  const env = await createTestEnv();
  const upstream = await start('bench/gateway/upstream.js', {
    PORT: '18903',
    INTERNAL_SECRET: SECRET,
  });
  const gateway = await start(
    process.env.GATEWAY_PROF ? '--cpu-prof' : 'services/gateway/dist/main.js',
    {
      PORT: '18900',
      DATABASE_URL: env.databaseUrl,
      BROKER_NAMESPACE: env.namespace,
      REDIS_PREFIX: env.redisPrefix,
      INTERNAL_SECRET: SECRET,
      SCHEDULER_URL: 'http://127.0.0.1:18903',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? '0',
    },
    process.env.CPU_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROFILE_DIR}`]
      : [],
  );
  try {
    const gw = 'http://127.0.0.1:18900';
    const setup = await json(`${gw}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench password' }),
    });
    const cookie = /mcs_session=[^;]+/.exec(setup.headers.get('set-cookie'))[0];
    const created = await json(`${gw}/api/settings/integrations/api-tokens`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        'x-csrf-token': setup.body.csrf_token,
      },
      body: JSON.stringify({ name: 'bench', scopes: ['tasks:read'] }),
    });
    const token = created.body.token;
    const signed = signInternalRequest(SECRET, {
      method: 'GET',
      url: '/api/v1/tasks',
      body: undefined,
      principal: { type: 'api_token', id: 1, scopes: ['tasks:read'] },
    });
    await load('http://127.0.0.1:18903/api/v1/tasks', signed); // warm-up
    await load(`${gw}/api/v1/tasks`, { authorization: `Bearer ${token}` });
    const direct = () =>
      load(
        'http://127.0.0.1:18903/api/v1/tasks',
        signInternalRequest(SECRET, {
          method: 'GET',
          url: '/api/v1/tasks',
          body: undefined,
          principal: { type: 'api_token', id: 1, scopes: ['tasks:read'] },
        }),
        rate,
      );
    const through = () => load(`${gw}/api/v1/tasks`, { authorization: `Bearer ${token}` }, rate);
    let rate;
    const saturated = {
      direct: summary(await direct()),
      through_gateway: summary(await through()),
    };
    rate = Number(process.env.RATE ?? 1000);
    const fixed = { direct: summary(await direct()), through_gateway: summary(await through()) };
    const added = (r) => ({
      median_ms: +(r.through_gateway.median_ms - r.direct.median_ms).toFixed(2),
      p99_ms: +(r.through_gateway.p99_ms - r.direct.p99_ms).toFixed(2),
    });
    const result = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      rate_limit_per_minute: Number(process.env.RATE_LIMIT_PER_MINUTE ?? 0),
      saturated: { ...saturated, added: added(saturated) },
      [`fixed_${rate}_rps`]: { ...fixed, added: added(fixed) },
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    gateway.kill('SIGTERM');
    upstream.kill('SIGTERM');
    await env.cleanup();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
