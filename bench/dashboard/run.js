#!/usr/bin/env node
// Dashboard figures benchmark (issue 28): what each figure of GET /api/dashboard and the
// indicators costs with 200 000 candidates and a library of 50 000 movies. Calls the owners'
// real repository functions (the built services), records the SQL each one sends, and reports
// per figure the median time of the call and PostgreSQL's EXPLAIN ANALYZE of its statements.
// Then shows what the per-process single-flight cache does to 100 concurrent dashboards.
// Usage: pnpm build && node bench/dashboard/run.js [calls per figure]
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { createPool } = require('../../packages/kit/dist');
const { createTestEnv, ensureTemplate } = require('../../packages/kit/dist/testing');

const ROOT = join(__dirname, '..', '..');
const CALLS = Number(process.argv[2] ?? 30);
const dist = (service, path) => require(join(ROOT, 'services', service, 'dist', path));

/** A service's Prisma client over a pool whose clients record every statement they send. */
function recordingDb(url, service) {
  const pool = createPool({ url, schema: service, max: 4 });
  const sent = [];
  pool.on('connect', (client) => {
    const query = client.query.bind(client);
    client.query = (config, values, callback) => {
      const text = typeof config === 'string' ? config : config?.text;
      const params = typeof config === 'string' ? values : config?.values;
      if (text && /^\s*(SELECT|WITH)/i.test(text)) sent.push({ text, values: params ?? [] });
      return query(config, values, callback);
    };
  });
  return { db: dist(service, 'db.js').createDb(pool), pool, sent };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The plan's root node and the access paths below it, e.g. "Aggregate ← Seq Scan candidates". */
function planShape(plan) {
  const scans = [];
  const walk = (node) => {
    if (/Scan/.test(node['Node Type']))
      scans.push(
        `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ` ${node['Relation Name'] ?? ''}`}`.trim(),
      );
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan);
  return `${plan['Node Type']} ← ${[...new Set(scans)].join(', ')}`;
}

async function explain(pool, statement) {
  const times = [];
  let shape = '';
  for (let i = 0; i < 5; i += 1) {
    const { rows } = await pool.query(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.text}`,
      statement.values,
    );
    const [result] = rows[0]['QUERY PLAN'];
    times.push(result['Execution Time']);
    shape = planShape(result.Plan);
  }
  return { execution_ms: +median(times).toFixed(2), plan: shape };
}

async function measure(recorder, figure, call) {
  await call(); // warm-up, and the statements to explain
  recorder.sent.length = 0;
  await call();
  const statements = [...recorder.sent];
  const times = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = process.hrtime.bigint();
    await call();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const plans = [];
  for (const statement of statements) plans.push(await explain(recorder.pool, statement));
  return { figure, call_median_ms: +median(times).toFixed(2), statements: plans };
}

(async () => {
  await ensureTemplate();
  const env = await createTestEnv();
  const seeder = createPool({ url: env.databaseUrl, schema: 'cleanup', max: 1 });
  const cleanup = recordingDb(env.databaseUrl, 'cleanup');
  const catalog = recordingDb(env.databaseUrl, 'catalog');
  const scheduler = recordingDb(env.databaseUrl, 'scheduler');
  try {
    const seeding = Date.now();
    await seeder.query(readFileSync(join(__dirname, '../cleanup-candidates/seed.sql'), 'utf8'));
    await seeder.query(readFileSync(join(__dirname, 'seed.sql'), 'utf8'));
    // What autovacuum would do after a bulk load.
    await seeder.query('VACUUM ANALYZE');
    const seedSeconds = Math.round((Date.now() - seeding) / 1000);

    const now = () => new Date();
    const cl = dist('cleanup', 'dashboard/dashboard.repository.js');
    const { reclaimTotals } = dist('cleanup', 'receipts/receipt.repository.js');
    const { countActiveProtections } = dist('cleanup', 'protections/protection.repository.js');
    const ca = dist('catalog', 'dashboard/dashboard.repository.js');
    const { runRepository } = dist('scheduler', 'runs/run.repository.js');
    const { taskRepository } = dist('scheduler', 'tasks/task.repository.js');
    const { mainServerRepository } = dist('scheduler', 'main-server/main-server.repository.js');
    const { systemRepository } = dist('scheduler', 'system/system.repository.js');

    const figures = [
      [
        cleanup,
        'candidates (total, by type, by state, reclaimable bytes)',
        () => cl.candidateFigures(cleanup.db, now()),
      ],
      [cleanup, 'reclaimed (bytes, items, last 30 days)', () => reclaimTotals(cleanup.db, now())],
      [cleanup, 'protections_active', () => countActiveProtections(cleanup.db, now())],
      [
        cleanup,
        "requests: everyone's pending (admins)",
        () => cl.pendingRequests(cleanup.db, undefined),
      ],
      [cleanup, "requests: one user's pending", () => cl.pendingRequests(cleanup.db, 7)],
      [cleanup, 'unread_notices (one user)', () => cl.unreadNotices(cleanup.db, 7)],
      [cleanup, 'active_alerts', () => cl.activeAlerts(cleanup.db)],
      [
        catalog,
        'library (movies, versions, series, episodes, size)',
        () => ca.libraryFigures(catalog.db),
      ],
      [catalog, 'disks', () => ca.disks(catalog.db)],
      [catalog, 'has_main_server', () => ca.hasMainServer(catalog.db)],
      [catalog, 'sources_unavailable', () => ca.unavailableSources(catalog.db)],
      [
        scheduler,
        'task settings (auto_delete_task_enabled)',
        () => taskRepository.settings(scheduler.db),
      ],
      [
        scheduler,
        'latest run per task (running_tasks)',
        () => runRepository.latestPerTask(scheduler.db),
      ],
      [
        scheduler,
        'last finished run per task',
        () => runRepository.lastFinishedPerTask(scheduler.db),
      ],
      [
        scheduler,
        // One statement since decision 031 (kept in memory by the route; the read itself here).
        'system facts (last_media_sync_at, last_candidate_scan_at, main server)',
        () => systemRepository.facts(scheduler.db),
      ],
      [scheduler, 'main server known', () => mainServerRepository.has(scheduler.db)],
    ];
    const results = [];
    for (const [recorder, figure, call] of figures) {
      results.push(await measure(recorder, figure, call));
      process.stderr.write(`${figure}: ${JSON.stringify(results.at(-1))}\n`);
    }

    // cleanup's whole part for 100 dashboards at once, without and with the 5 s cache.
    const { DashboardService } = dist('cleanup', 'dashboard/dashboard.service.js');
    const settings = { current: async () => ({ users_can_view_candidates: true }) };
    const admin = { type: 'user', id: 1, role: 'admin' };
    const burst = async (cacheTtlMs, given) => {
      const service =
        given ?? new DashboardService({ db: cleanup.db, clock: now, settings, cacheTtlMs });
      cleanup.sent.length = 0;
      const started = process.hrtime.bigint();
      await Promise.all(Array.from({ length: 100 }, () => service.dashboard(admin)));
      return {
        service,
        result: {
          dashboards: 100,
          cache_ttl_ms: cacheTtlMs,
          cache: given ? 'warm' : 'cold',
          wall_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
          statements: cleanup.sent.length,
        },
      };
    };
    // Without any sharing: every dashboard runs the shared aggregates itself. 20 at once, not
    // 100: on a pool of 4 connections 100 of them wait past the pool's 5 s connect limit.
    const unshared = async () => {
      cleanup.sent.length = 0;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: 20 }, () =>
          Promise.all([
            cl.candidateFigures(cleanup.db, now()),
            reclaimTotals(cleanup.db, now()),
            countActiveProtections(cleanup.db, now()),
            cl.pendingRequests(cleanup.db, undefined),
            cl.activeAlerts(cleanup.db),
          ]),
        ),
      );
      return {
        dashboards: 20,
        cache_ttl_ms: 'none (no single-flight)',
        wall_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
        statements: cleanup.sent.length,
      };
    };
    const fresh = await burst(0);
    const cold = await burst(5000);
    const warm = await burst(5000, cold.service);
    const concurrent = [await unshared(), fresh.result, cold.result, warm.result];
    process.stdout.write(
      `${JSON.stringify({ seed_seconds: seedSeconds, calls_per_figure: CALLS, figures: results, cleanup_part_100_concurrent: concurrent }, null, 2)}\n`,
    );
  } finally {
    for (const recorder of [cleanup, catalog, scheduler]) {
      await recorder.db.$disconnect();
      await recorder.pool.end();
    }
    await seeder.end();
    await env.cleanup();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
