#!/usr/bin/env node
// Candidate list benchmark (issue 5): 200 000 candidates, filtered pages through the cleanup
// service's HTTP API (signed as the gateway signs), one request at a time. Reports median and
// p99 latency per query, and the throughput of the main query under 8 concurrent connections.
// Usage: pnpm build && node bench/cleanup-candidates/run.js [requests per query]
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { createPool, signInternalRequest } = require('../../packages/kit/dist');
const {
  createTestEnv,
  ensureTemplate,
  TEST_KEY_ENV,
  testSigningKey,
} = require('../../packages/kit/dist/testing');

const ROOT = join(__dirname, '..', '..');
const REQUESTS = Number(process.argv[2] ?? 300);
const PORT = 18902;
const BASE = `http://127.0.0.1:${PORT}`;
const PRINCIPAL = { type: 'api_token', id: 1, scopes: ['candidates:read'] };

const QUERIES = {
  'auto_delete_state=scheduled&media_type=movie&per_page=50': "the issue's filtered page",
  'per_page=50': 'no filter',
  'auto_delete_state=eligible&per_page=50': 'state only',
  'auto_delete_state=canceled&media_type=series&per_page=50': 'a rare state',
  'rule_id=7&per_page=50': 'rule membership',
  'media_type=series&series_id=1234&season_number=2': 'one season of a series',
  'tmdb_id=104242': 'one movie by catalog id',
  'auto_delete_state=scheduled&media_type=movie&page=200&per_page=50': 'a deep page (offset 9 950)',
};

const headers = (url) =>
  signInternalRequest(testSigningKey(), {
    service: 'cleanup',
    method: 'GET',
    url,
    body: undefined,
    principal: PRINCIPAL,
  });

async function get(path) {
  const started = process.hrtime.bigint();
  const response = await fetch(`${BASE}${path}`, { headers: headers(path) });
  const body = await response.json();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.status !== 200)
    throw new Error(`${path} → ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(query) {
  const path = `/api/v1/candidates?${query}`;
  for (let i = 0; i < 20; i += 1) await get(path); // warm-up
  const times = [];
  let total;
  for (let i = 0; i < REQUESTS; i += 1) {
    const { ms, body } = await get(path);
    times.push(ms);
    total = body.total;
  }
  times.sort((a, b) => a - b);
  return {
    total,
    median_ms: +percentile(times, 50).toFixed(2),
    p99_ms: +percentile(times, 99).toFixed(2),
  };
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const ok = await fetch(`${BASE}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('cleanup did not become healthy');
}

(async () => {
  await ensureTemplate();
  const env = await createTestEnv();
  const db = createPool({ url: env.databaseUrl, schema: 'cleanup', max: 1 });
  const service = spawn(process.execPath, ['services/cleanup/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: env.databaseUrl,
      BROKER_NAMESPACE: env.namespace,
      REDIS_PREFIX: env.redisPrefix,
      ...TEST_KEY_ENV,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth();
    const seeding = Date.now();
    await db.query(readFileSync(join(__dirname, 'seed.sql'), 'utf8'));
    // What autovacuum would do after a bulk load; VACUUM cannot share the seed's transaction.
    for (const table of ['candidates', 'protections', 'media_items'])
      await db.query(`VACUUM ANALYZE cleanup.${table}`);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM cleanup.candidates');
    const results = {};
    for (const [query, what] of Object.entries(QUERIES))
      results[query] = { what, ...(await measure(query)) };
    const main = `/api/v1/candidates?${Object.keys(QUERIES)[0]}`;
    // Signed per request: a signature is valid for 5 s only (docs/decisions/004).
    const load = await autocannon({
      url: BASE,
      connections: 8,
      duration: 10,
      requests: [
        { method: 'GET', path: main, setupRequest: (req) => ({ ...req, headers: headers(main) }) },
      ],
    });
    const report = {
      candidates: rows[0].n,
      seed_seconds: Math.round((Date.now() - seeding) / 1000),
      requests_per_query: REQUESTS,
      sequential: results,
      concurrent_8: {
        median_ms: load.latency.p50,
        p99_ms: load.latency.p99,
        req_per_s: Math.round(load.requests.average),
        errors: load.errors + load.non2xx,
      },
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    service.kill('SIGTERM');
    await new Promise((resolve) => service.once('exit', resolve));
    await db.end();
    await env.cleanup();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
