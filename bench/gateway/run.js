#!/usr/bin/env node
// Gateway overhead benchmark (issue 3): an authenticated GET through the gateway to a trivial
// internal route vs. the same route called directly (signed like the gateway signs it) and
// through a bare signing proxy (the floor of any Node hop here), with one connection, 64
// connections at a fixed rate and 64 connections saturated. Reports median/p99 latency, req/s,
// what each hop adds, and the gateway's own processing time (its gateway_processing_seconds).
// Usage: pnpm build && node bench/gateway/run.js [seconds]
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const http = require('node:http');
const autocannon = require('autocannon');
const { signInternalRequest } = require('../../packages/kit/dist');
const { createTestEnv, ensureTemplate } = require('../../packages/kit/dist/testing');

const ROOT = join(__dirname, '..', '..');
const SECONDS = Number(process.argv[2] ?? 10);
const SECRET = 'bench-internal-secret-0123456789abcdef';

const children = [];
process.on('exit', () => children.forEach((child) => child.kill('SIGTERM')));

function start(script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
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

/** Closed loop: every connection sends its next request as soon as the last one answered. */
function load(url, headers) {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, pipelining: 1 });
}

/**
 * Open-loop load at a fixed rate over a pool of 64 keep-alive connections, with latency in
 * microseconds (autocannon's rate mode sends in bursts and rounds latency to whole ms).
 */
function paced(url, headers, rate, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  let inFlight = 0;
  const send = () => {
    const started = process.hrtime.bigint();
    inFlight += 1;
    const req = http.request(
      { agent, host: target.hostname, port: target.port, path: target.pathname, headers },
      (res) => {
        res.resume();
        res.on('end', () => {
          inFlight -= 1;
          if (res.statusCode !== 200) errors += 1;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        });
      },
    );
    req.on('error', () => {
      inFlight -= 1;
      errors += 1;
    });
    req.end();
  };
  const tickMs = 5;
  const perTick = (rate * tickMs) / 1000;
  let due = 0;
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      due += perTick;
      for (; due >= 1; due -= 1) send();
    }, tickMs);
    setTimeout(() => {
      clearInterval(timer);
      const wait = setInterval(() => {
        if (inFlight > 0) return;
        clearInterval(wait);
        agent.destroy();
        latencies.sort((a, b) => a - b);
        const at = (q) =>
          +latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
        resolve({
          median_ms: at(0.5),
          p99_ms: at(0.99),
          req_per_s: Math.round(latencies.length / seconds),
          errors,
        });
      }, 10);
    }, seconds * 1000);
  });
}

/** One connection, one request at a time: the latency each request pays, without queueing. */
async function sequential(url, headers, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const latencies = [];
  for (let i = 0; i < count; i += 1) {
    const started = process.hrtime.bigint();
    await new Promise((resolve, reject) => {
      const req = http.request(
        { agent, host: target.hostname, port: target.port, path: target.pathname, headers },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end();
    });
    latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => +latencies[Math.floor(q * (latencies.length - 1))].toFixed(3);
  return { median_ms: at(0.5), p99_ms: at(0.99), requests: count };
}

function summary(result) {
  return {
    median_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    req_per_s: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

/** The gateway_processing_seconds buckets (cumulative counts by upper bound, in ms). */
async function processingBuckets(gw) {
  const text = await (await fetch(`${gw}/metrics`)).text();
  const buckets = [];
  for (const match of text.matchAll(
    /^gateway_processing_seconds_bucket\{le="([^"]+)"[^}]*\} (\d+)/gm,
  ))
    buckets.push([match[1] === '+Inf' ? Infinity : Number(match[1]) * 1000, Number(match[2])]);
  return buckets;
}

/** Quantiles of the requests observed between two readings (interpolated within a bucket). */
function processingBetween(before, after) {
  const counts = after.map(([le, n], i) => [le, n - before[i][1]]);
  const total = counts[counts.length - 1][1];
  const at = (q) => {
    let lower = 0;
    let below = 0;
    for (const [le, n] of counts) {
      if (n >= q * total) {
        if (le === Infinity) return `> ${lower}`;
        return +(lower + ((le - lower) * (q * total - below)) / Math.max(1, n - below)).toFixed(3);
      }
      [lower, below] = [le, n];
    }
    return null;
  };
  const within1ms = counts.find(([le]) => le === 1)[1];
  return {
    requests: total,
    median_ms: at(0.5),
    p99_ms: at(0.99),
    within_1ms: `${((100 * within1ms) / total).toFixed(2)} %`,
  };
}

(async () => {
  await ensureTemplate(); // the migrated template the test env is cloned from
  const env = await createTestEnv();
  const upstream = await start('bench/gateway/upstream.js', {
    PORT: '18903',
    INTERNAL_SECRET: SECRET,
  });
  const bare = await start('bench/gateway/bare-proxy.js', {
    PORT: '18901',
    INTERNAL_SECRET: SECRET,
    UPSTREAM_URL: 'http://127.0.0.1:18903',
  });
  const gateway = await start(
    'services/gateway/dist/main.js',
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
    // The three ways to reach the route; headers are made per run (a signature lives 30 s).
    const targets = {
      direct: () => ({
        url: 'http://127.0.0.1:18903/api/v1/tasks',
        headers: signInternalRequest(SECRET, {
          method: 'GET',
          url: '/api/v1/tasks',
          body: undefined,
          principal: { type: 'api_token', id: 1, scopes: ['tasks:read'] },
        }),
      }),
      bare_proxy: () => ({ url: 'http://127.0.0.1:18901/api/v1/tasks', headers: {} }),
      gateway: () => ({ url: `${gw}/api/v1/tasks`, headers: { authorization: `Bearer ${token}` } }),
    };
    for (const target of Object.values(targets)) {
      const { url, headers } = target();
      await load(url, headers); // warm-up
    }
    const rate = Number(process.env.RATE ?? 500);
    const phases = {
      sequential_1_connection: ({ url, headers }) => sequential(url, headers, 5000),
      [`fixed_${rate}_rps_${CONNECTIONS}_connections`]: ({ url, headers }) =>
        paced(url, headers, rate, SECONDS),
      [`saturated_${CONNECTIONS}_connections`]: async ({ url, headers }) =>
        summary(await load(url, headers)),
    };
    const added = (from, to) => ({
      median_ms: +(to.median_ms - from.median_ms).toFixed(2),
      p99_ms: +(to.p99_ms - from.p99_ms).toFixed(2),
    });
    const result = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      rate_limit_per_minute: Number(process.env.RATE_LIMIT_PER_MINUTE ?? 0),
    };
    for (const [phase, run] of Object.entries(phases)) {
      const row = {};
      for (const [name, target] of Object.entries(targets)) {
        const before = name === 'gateway' ? await processingBuckets(gw) : undefined;
        row[name] = await run(target());
        if (before) row.gateway_processing = processingBetween(before, await processingBuckets(gw));
      }
      row.added_by_bare_proxy = added(row.direct, row.bare_proxy);
      row.added_by_gateway = added(row.direct, row.gateway);
      result[phase] = row;
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const child of [gateway, bare, upstream]) child.kill('SIGTERM');
    await env.cleanup();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
