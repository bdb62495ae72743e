#!/usr/bin/env node
// Gateway overhead benchmark (issue 3): an authenticated GET through the gateway to a trivial
// internal route vs. the same route called directly (signed like the gateway signs it) and
// through a bare signing proxy (the floor of any Node.js hop here). Phases: one connection;
// 64 connections at about 500 req/s with Poisson-like arrivals; 64 connections saturated.
// Each phase runs ROUNDS times, the targets interleaved; the median round is reported, with the
// range of p99. Reports median/p99 latency, req/s, what each hop adds, and the gateway's own
// processing time (its gateway_processing_seconds).
// Needs wrk (apt install wrk). Usage: pnpm build && node bench/gateway/run.js [seconds]
const { execFile, spawn } = require('node:child_process');
const { join } = require('node:path');
const { promisify } = require('node:util');
const { signInternalRequest } = require('../../packages/kit/dist');
const {
  createTestEnv,
  ensureTemplate,
  TEST_ENCRYPTION_KEYS,
  TEST_KEY_ENV,
  testSigningKey,
} = require('../../packages/kit/dist/testing');
const { processingBetween, processingBuckets } = require('./processing');

const ROOT = join(__dirname, '..', '..');
const SECONDS = Number(process.argv[2] ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 64);
const RATE = Number(process.env.RATE ?? 500);

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

/** One wrk run: `connections` connections, closed loop unless thinkMs > 0. */
async function wrk({ url, headers }, { connections, thinkMs = 0, seconds = SECONDS }) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', join(__dirname, 'wrk.lua')];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)('wrk', [...args, url], {
    env: { ...process.env, THINK_MS: String(thinkMs) },
  });
  const result = JSON.parse(/^RESULT (.*)$/m.exec(stdout)[1]);
  return {
    median_ms: result.p50_us / 1000,
    p99_ms: result.p99_us / 1000,
    req_per_s: Math.round(result.requests / (result.duration_us / 1e6)),
    errors: result.errors,
  };
}

/** The round whose p99 is the median of all rounds, with the range of p99 across rounds. */
function medianRound(rounds) {
  const sorted = [...rounds].sort((a, b) => a.p99_ms - b.p99_ms);
  const median = sorted[Math.floor(sorted.length / 2)];
  return { ...median, p99_range_ms: [sorted[0].p99_ms, sorted[sorted.length - 1].p99_ms] };
}

const added = (from, to) => ({
  median_ms: +(to.median_ms - from.median_ms).toFixed(2),
  p99_ms: +(to.p99_ms - from.p99_ms).toFixed(2),
});

async function gatewayToken(gw) {
  const setup = await json(`${gw}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench password' }),
  });
  const cookie = /mcs_session=[^;]+/.exec(setup.headers.get('set-cookie'))[0];
  const created = await json(`${gw}/api/settings/integrations/api-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': setup.body.csrf_token },
    body: JSON.stringify({ name: 'bench', scopes: ['tasks:read'] }),
  });
  return created.body.token;
}

(async () => {
  await ensureTemplate(); // the migrated template the test env is cloned from
  const env = await createTestEnv();
  await start('bench/gateway/upstream.js', { PORT: '18903', ...TEST_KEY_ENV });
  await start('bench/gateway/bare-proxy.js', {
    PORT: '18901',
    ...TEST_KEY_ENV,
    UPSTREAM_URL: 'http://127.0.0.1:18903',
  });
  await start(
    'services/gateway/dist/main.js',
    {
      PORT: '18900',
      METRICS_PORT: '18909',
      DATABASE_URL: env.databaseUrl,
      BROKER_NAMESPACE: env.namespace,
      REDIS_PREFIX: env.redisPrefix,
      ...TEST_KEY_ENV,
      ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS.join(','),
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
    const metrics = 'http://127.0.0.1:18909';
    const token = await gatewayToken(gw);
    // The three ways to reach the route; headers are made per run (the stand-in upstream
    // accepts a signature for the whole run: see upstream.js).
    const targets = {
      direct: () => ({
        url: 'http://127.0.0.1:18903/api/v1/tasks',
        headers: signInternalRequest(testSigningKey(), {
          service: 'scheduler',
          method: 'GET',
          url: '/api/v1/tasks',
          body: undefined,
          principal: { type: 'api_token', id: 1, scopes: ['tasks:read'] },
        }),
      }),
      bare_proxy: () => ({ url: 'http://127.0.0.1:18901/api/v1/tasks', headers: {} }),
      gateway: () => ({ url: `${gw}/api/v1/tasks`, headers: { authorization: `Bearer ${token}` } }),
    };
    // Warm-up: every process compiles its hot path before anything is measured.
    for (const target of Object.values(targets))
      await wrk(target(), { connections: CONNECTIONS, seconds: Math.min(SECONDS, 5) });
    const phases = {
      sequential_1_connection: { connections: 1 },
      [`poisson_${RATE}_rps_${CONNECTIONS}_connections`]: {
        connections: CONNECTIONS,
        thinkMs: (1000 * CONNECTIONS) / RATE,
      },
      [`saturated_${CONNECTIONS}_connections`]: { connections: CONNECTIONS },
    };
    const result = { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS };
    for (const [phase, shape] of Object.entries(phases)) {
      const runs = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
      const before = await processingBuckets(metrics);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [name, target] of Object.entries(targets))
          runs[name].push(await wrk(target(), shape));
      }
      const row = Object.fromEntries(Object.entries(runs).map(([n, r]) => [n, medianRound(r)]));
      // Only the gateway runs reach it, so the difference covers exactly this phase's requests.
      row.gateway_processing = processingBetween(before, await processingBuckets(metrics));
      row.added_by_bare_proxy = added(row.direct, row.bare_proxy);
      row.added_by_gateway = added(row.direct, row.gateway);
      result[phase] = row;
      process.stderr.write(`${phase} done\n`);
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await env.cleanup();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
