#!/usr/bin/env node
// Catalog sync benchmark (issue 4). The library simulator and the catalog service each run as
// their own process against real PostgreSQL, Redis and RabbitMQ; the catalog's peak RSS is read
// from /proc/<pid>/status (VmHWM) and sampled (VmRSS) while it works.
//
//   A. full sync of the movies only (the shows library disabled, no Sonarr), fresh database
//   B. full sync of the whole library (movies, series, seasons, episodes), fresh database
//   C. on B's database: the simulator changes 1 % of the items, then an incremental sync
//
// Usage: pnpm build && node bench/catalog-sync/run.js [movies] [series] [seasons] [episodes]
// Defaults: 50000 movies, 5000 series, 4 seasons x 20 episodes (the benchmark).
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('../../packages/kit/node_modules/pg');
const kit = require('../../packages/kit/dist');
const {
  createTestEnv,
  ensureTemplate,
  TEST_AMQP_URL,
  TEST_ENCRYPTION_KEYS,
  TEST_KEY_ENV,
  testSigningKey,
} = require('../../packages/kit/dist/testing');

const ROOT = join(__dirname, '..', '..');
const [MOVIES, SERIES, SEASONS, EPISODES] = [50000, 5000, 4, 20].map((fallback, i) =>
  Number(process.argv[2 + i] ?? fallback),
);
const ADMIN = { type: 'user', id: 1, role: 'admin' };
/** The sync phase the catalog reported last ("phase done" names the one that ended). */
let currentPhase = 'setup';

function spawnProcess(script, args, env, ready, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      const match = ready(buffer);
      if (match) resolve({ child, match });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Peak RSS (VmHWM) and the largest sampled VmRSS of a process, in MiB. */
function memoryWatch(pid) {
  const read = (field) => {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(field));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : 0;
  };
  let sampled = 0;
  const byPhase = new Map();
  const timer = setInterval(() => {
    try {
      const rss = read('VmRSS:');
      sampled = Math.max(sampled, rss);
      byPhase.set(currentPhase, Math.max(byPhase.get(currentPhase) ?? 0, Math.round(rss)));
    } catch {
      // the process ended
    }
  }, 100);
  return {
    peak: () => Math.max(read('VmHWM:'), sampled),
    byPhase: () => Object.fromEntries(byPhase),
    stop: () => clearInterval(timer),
  };
}

async function startSimulator() {
  const args = ['--movies', MOVIES, '--series', SERIES, '--seasons-per-series', SEASONS];
  args.push('--episodes-per-season', EPISODES, '--port', '0');
  const { child, match } = await spawnProcess(
    'infra/simulator/dist/cli.js',
    args.map(String),
    {},
    (text) => /simulator listening on (\S+)/.exec(text),
  );
  const url = match[1];
  const info = await (await fetch(`${url}/__sim/info`)).json();
  return { child, url, info };
}

async function startCatalog(env) {
  const config = env.runtimeConfig();
  // CATALOG_NODE_OPTIONS lets a run cap the heap as a deployment would (e.g.
  // --max-old-space-size=256); the recorded default runs without it.
  const { child, match } = await spawnProcess(
    'services/catalog/dist/main.js',
    [],
    {
      PORT: '0',
      DATABASE_URL: config.database.url,
      REDIS_PREFIX: config.redis.prefix,
      BROKER_NAMESPACE: config.broker.namespace,
      ...TEST_KEY_ENV,
      ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS.join(','),
      LOG_LEVEL: 'info',
      NODE_OPTIONS: process.env.CATALOG_NODE_OPTIONS ?? '',
    },
    (text) => /"port":(\d+)[^\n]*"msg":"listening"/.exec(text),
    // CATALOG_PROFILE_DIR writes a V8 CPU profile of the catalog process there when it stops.
    process.env.CATALOG_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CATALOG_PROFILE_DIR}`]
      : [],
  );
  // Keep reading stdout (a full pipe would block the child); show the sync's phase timings.
  child.stdout.on('data', (chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (process.env.BENCH_DEBUG && line && !line.startsWith('{')) console.log(line);
      if (!line.includes('sync phase done')) continue;
      const { phase, ms, rss_mib: rss, heap_mib: heap } = JSON.parse(line);
      currentPhase = `after ${phase}`;
      console.log(
        `  phase ${phase.padEnd(12)} ${(ms / 1000).toFixed(1)} s  rss ${rss} MiB, heap ${heap} MiB`,
      );
    }
  });
  return { child, url: `http://127.0.0.1:${match[1]}` };
}

async function call(base, method, path, body) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = kit.signInternalRequest(testSigningKey(), {
    service: 'catalog',
    method,
    url: path,
    body: text,
    principal: ADMIN,
    headers: text ? { 'content-type': 'application/json' } : {},
  });
  const response = await fetch(`${base}${path}`, { method, headers, body: text });
  const json = await response.json();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

async function configure(catalog, sim, systems) {
  for (const system of ['jellyfin', ...systems]) {
    await call(catalog.url, 'POST', '/api/settings/save/service', {
      service_type: system,
      name: system,
      base_url: `${sim.url}/${system}`,
      api_key: { jellyfin: 'sim-jellyfin-key', radarr: 'sim-radarr-key', sonarr: 'sim-sonarr-key' }[
        system
      ],
      enabled: true,
      ...(system === 'jellyfin' ? { is_main: true } : {}),
    });
  }
}

async function connectBroker(namespace) {
  const log = kit.createLogger({ service: 'bench', level: 'silent' });
  const connection = await kit.BrokerConnection.connect(TEST_AMQP_URL, log);
  const publisher = new kit.Publisher(connection, kit.brokerNames(namespace), log);
  await publisher.start();
  return { connection, publisher };
}

let runId = 0;

/** Sends task.run.sync_media and waits for catalog's run row; returns seconds and the run. */
async function sync(db, broker, trigger) {
  runId += 1;
  const started = Date.now();
  await broker.publisher.publish('task.run.sync_media', {
    run_id: runId,
    task_id: 'sync_media',
    trigger,
    requested_by: null,
  });
  for (;;) {
    const { rows } = await db.query('SELECT * FROM catalog.task_runs WHERE run_id = $1', [runId]);
    const run = rows[0];
    if (run && (run.status === 'completed' || run.status === 'error')) {
      return { seconds: (Date.now() - started) / 1000, run };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function drained(db) {
  const started = Date.now();
  for (;;) {
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM catalog.outbox WHERE published_at IS NULL',
    );
    if (rows[0].n === 0) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function counts(db) {
  const { rows } = await db.query(`SELECT
    (SELECT count(*) FROM catalog.movies WHERE removed_at IS NULL)::int AS movies,
    (SELECT count(*) FROM catalog.movie_versions WHERE removed_at IS NULL)::int AS versions,
    (SELECT count(*) FROM catalog.series WHERE removed_at IS NULL)::int AS series,
    (SELECT count(*) FROM catalog.episodes WHERE removed_at IS NULL)::int AS episodes,
    (SELECT count(*) FROM catalog.episode_files WHERE removed_at IS NULL)::int AS episode_files,
    (SELECT count(*) FROM catalog.outbox)::int AS outbox_messages`);
  return rows[0];
}

/** One scenario in a fresh database and a fresh catalog process. */
async function scenario(name, sim, systems, prepare, steps) {
  const env = await createTestEnv();
  const db = new Client({ connectionString: env.databaseUrl });
  await db.connect();
  const catalog = await startCatalog(env);
  const memory = memoryWatch(catalog.child.pid);
  const broker = await connectBroker(env.namespace);
  const results = [];
  try {
    await configure(catalog, sim, systems);
    await prepare(catalog);
    for (const step of steps) results.push({ scenario: name, ...(await step(db, broker)) });
  } finally {
    memory.stop();
    const peak = memory.peak();
    for (const result of results) result.peak_rss_mib = Math.round(peak);
    console.log(
      'peak RSS (MiB) sampled while the phase after the named one ran:',
      memory.byPhase(),
    );
    catalog.child.kill('SIGTERM');
    await broker.connection.close();
    await db.end();
    // BENCH_KEEP_DB keeps the database (its name is printed) to look at plans afterwards.
    if (process.env.BENCH_KEEP_DB) console.log('kept database', env.runtimeConfig().database.url);
    else await env.cleanup();
  }
  return results;
}

function step(label, trigger, before) {
  return async (db, broker) => {
    if (before) await before();
    const { seconds, run } = await sync(db, broker, trigger);
    const drain = await drained(db);
    return {
      step: label,
      status: run.status,
      seconds,
      outbox_drained_after_s: drain,
      items_processed: run.items_processed,
      summary: run.summary,
      rows: await counts(db),
    };
  };
}

async function main() {
  await ensureTemplate();
  const sim = await startSimulator();
  console.log('simulator', sim.info);
  const all = [];
  // BENCH_SCENARIOS=B runs only the whole-library scenario (A is the movies-only one).
  const only = process.env.BENCH_SCENARIOS ?? 'AB';
  try {
    if (only.includes('A'))
      all.push(
        ...(await scenario(
          'A movies only',
          sim,
          ['radarr'],
          async (catalog) => {
            const { items } = await call(catalog.url, 'GET', '/api/settings/services');
            const jellyfin = items.find((s) => s.service_type === 'jellyfin');
            const libraries = jellyfin.libraries.map((l) => ({
              id: l.id,
              enabled: l.media_type === 'movie',
            }));
            await call(catalog.url, 'POST', '/api/settings/save/service', {
              id: jellyfin.id,
              service_type: 'jellyfin',
              name: 'jellyfin',
              base_url: `${sim.url}/jellyfin`,
              enabled: true,
              libraries,
            });
          },
          [step('full sync, movies', 'manual')],
        )),
      );
    if (only.includes('B'))
      all.push(
        ...(await scenario('B+C whole library', sim, ['radarr', 'sonarr'], async () => undefined, [
          step('full sync, whole library', 'manual'),
          step('incremental sync after 1 % changed', 'schedule', async () => {
            const response = await fetch(`${sim.url}/__sim/mutate`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ op: 'changePercent', percent: 1 }),
            });
            const changed = await response.json();
            console.log('changed', {
              ...changed,
              movies: changed.movies.length,
              episodes: changed.episodes.length,
            });
          }),
        ])),
      );
  } finally {
    sim.child.kill('SIGTERM');
  }
  for (const result of all) console.log(JSON.stringify(result));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
