#!/usr/bin/env node
// API benchmark (issue 30): the cost of one external API request through the whole stack.
// Starts the five built services as `pnpm start` does (their logs read and counted, default log
// level), with the gateway's rate limit off, on a scratch database seeded with 200 000
// candidates over 50 000 movies and 5 000 series (bench/cleanup-candidates/seed.sql and
// bench/dashboard/seed.sql: cleanup, catalog, scheduler) and 1 000 000 feed events
// (bench/support/feed-fill.js). Then for each route: autocannon at CONNECTIONS connections for
// SECONDS, right after the same on the gateway's /health/live (the floor of one request in the
// same run), with the CPU each process used per request (/proc/<pid>/stat) and the log lines
// each wrote per request, and then the same answer from a bare express + pg process (floor.js:
// the service's own statement and view, nothing else) for the floor of that route on this
// machine, and that answer again through a bare HTTP hop (hop.js: the least a gateway can
// cost). Last, every process's RSS fresh (before the load) and idle after it.
// Usage: pnpm build && node bench/api/run.js > result.json   (about 6 minutes)
// Env: SECONDS (10), WARMUP_SECONDS (2), CONNECTIONS (64), ROUTES (comma-separated names),
//      SINGLE_PROCESS=1 (the five services in one process, as MCS_SINGLE_PROCESS=1 pnpm start),
//      LOG_LEVEL (info, the services' default), CPU_PROFILE_DIR (each service writes a
//      .cpuprofile there when it stops: read with bench/support/profile-top.js).
'use strict';
const { spawn } = require('node:child_process');
const { once } = require('node:events');
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { createPool } = require('../../packages/kit/dist');
const { createTestEnv, ensureTemplate } = require('../../packages/kit/dist/testing');
const { FEED_FILL_SQL } = require('../support/feed-fill');
const { load } = require('../support/measure');
const { setupAdmin, startStack } = require('../support/stack');

const SECONDS = Number(process.env.SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 64);
const EVENTS = 1_000_000;
const ROUTES = {
  system: '/api/v1/system',
  candidates_1: '/api/v1/candidates?per_page=1',
  candidates_50: '/api/v1/candidates?per_page=50',
  movies_50: '/api/v1/movies?per_page=50',
  events_100: '/api/v1/events?limit=100',
  protections: '/api/v1/protections',
  tasks: '/api/v1/tasks',
};
/** The same answer from bench/api/floor.js: bare express + pg, the service's statement and view. */
const FLOORS = {
  system: '/system',
  candidates_1: '/candidates?per_page=1',
  candidates_50: '/candidates?per_page=50',
  movies_50: '/movies?per_page=50',
  events_100: '/events?limit=100',
  protections: '/protections',
};
const FLOOR_PORT = 8099;
const HOP_PORT = 8098;
const chosen = process.env.ROUTES ? process.env.ROUTES.split(',') : Object.keys(ROUTES);
const log = (text) => process.stderr.write(`${new Date().toISOString()} ${text}\n`);

/** CPU time (user + system) a process has used, in ms, and its resident set, in MiB. */
function usage(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
  return { cpuMs: ticks * 10, rssMiB: Math.round((rssPages * 4096) / 1048576) };
}

/** CPU time all PostgreSQL processes have used, in ms (the server runs on the same cores). */
function postgresCpuMs() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

async function seed(url) {
  const db = createPool({ url, schema: 'cleanup', max: 1 });
  try {
    for (const file of ['cleanup-candidates/seed.sql', 'dashboard/seed.sql']) {
      log(`seed: ${file}`);
      await db.query(readFileSync(join(__dirname, '..', file), 'utf8'));
    }
    log(`seed: ${EVENTS} feed events`);
    await db.query('SET search_path TO webhooks');
    const spanMs = 80 * 86_400_000;
    const base = new Date(Date.now() - spanMs - 60_000);
    await db.query(FEED_FILL_SQL, [1, EVENTS, base, spanMs / EVENTS]);
    await db.query(`SELECT setval('events_position_seq', $1)`, [EVENTS]);
    log('seed: VACUUM ANALYZE');
    await db.query('VACUUM ANALYZE');
  } finally {
    await db.end();
  }
}

/** bench/api/<script> as a process of its own (its CPU apart from the bench's), once listening. */
async function startFloor(service, script, args) {
  const child = spawn(process.execPath, [join(__dirname, script), ...args.map(String)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.service = service;
  child.lines = 0;
  const [chunk] = await once(child.stdout, 'data');
  if (!String(chunk).includes('listening')) throw new Error(`${service}: ${chunk}`);
  return child;
}

async function createToken(gateway, headers) {
  const response = await fetch(`${gateway}/api/settings/integrations/api-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      name: 'bench',
      scopes: [
        'system:read',
        'media:read',
        'candidates:read',
        'events:read',
        'protections:read',
        'tasks:read',
      ],
    }),
  });
  if (response.status !== 201) throw new Error(`token: ${response.status}`);
  return (await response.json()).token;
}

/** autocannon on one URL; the CPU and log lines of every process over the measured part. */
async function load1(url, headers, children) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const before = children.map((child) => ({ ...usage(child.pid), lines: child.lines }));
  const postgresBefore = postgresCpuMs();
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const requests = result.requests.total;
  const per = (value) => +(value / Math.max(1, requests)).toFixed(3);
  return {
    req_per_s: Math.round(result.requests.average),
    // autocannon's one-second samples of the measured part: the spread of req/s (pnpm bench).
    req_per_s_per_second: {
      samples: SECONDS,
      min: result.requests.min,
      p25: result.requests.p25,
      p50: result.requests.p50,
      p75: result.requests.p75,
      max: result.requests.max,
    },
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpu_ms_per_request: {
      ...Object.fromEntries(
        children.map((child, i) => [child.service, per(usage(child.pid).cpuMs - before[i].cpuMs)]),
      ),
      postgres: per(postgresCpuMs() - postgresBefore),
    },
    log_lines_per_request: Object.fromEntries(
      children.map((child, i) => [child.service, per(child.lines - before[i].lines)]),
    ),
  };
}

(async () => {
  await ensureTemplate();
  const env = await createTestEnv();
  let stack = null;
  let floorProcesses = [];
  try {
    await seed(env.databaseUrl);
    stack = await startStack(env, {
      gatewayEnv: { RATE_LIMIT_PER_MINUTE: '0' },
      logLevel: process.env.LOG_LEVEL ?? 'info',
      single: process.env.SINGLE_PROCESS === '1',
    });
    const { gateway, children } = stack;
    const { headers: session } = await setupAdmin(gateway);
    const token = await createToken(gateway, session);
    const auth = { authorization: `Bearer ${token}` };
    const fresh = Object.fromEntries(children.map((c) => [c.service, usage(c.pid).rssMiB]));
    floorProcesses = [
      await startFloor('floor', 'floor.js', [env.databaseUrl, FLOOR_PORT]),
      await startFloor('hop', 'hop.js', [FLOOR_PORT, HOP_PORT]),
    ];
    const measured = [...children, ...floorProcesses];
    const loadBefore = load();
    const routes = {};
    for (const name of chosen) {
      log(`load: /health/live, then ${ROUTES[name]}`);
      const live = await load1(`${gateway}/health/live`, {}, measured);
      const route = await load1(`${gateway}${ROUTES[name]}`, auth, measured);
      const bare = FLOORS[name]
        ? await load1(`http://127.0.0.1:${FLOOR_PORT}${FLOORS[name]}`, {}, measured)
        : null;
      const hop = FLOORS[name]
        ? await load1(`http://127.0.0.1:${HOP_PORT}${FLOORS[name]}`, {}, measured)
        : null;
      routes[name] = {
        path: ROUTES[name],
        ...route,
        health_live_req_per_s: live.req_per_s,
        ratio_to_health_live: +(route.req_per_s / live.req_per_s).toFixed(3),
        floor: bare && {
          req_per_s: bare.req_per_s,
          p50_ms: bare.p50_ms,
          p99_ms: bare.p99_ms,
          non_2xx: bare.non_2xx,
          cpu_ms_per_request: bare.cpu_ms_per_request.floor,
          ratio_to_floor: +(route.req_per_s / bare.req_per_s).toFixed(3),
          // The same floor behind one bare HTTP hop: the least the gateway can cost.
          through_one_hop: {
            req_per_s: hop.req_per_s,
            p50_ms: hop.p50_ms,
            p99_ms: hop.p99_ms,
            non_2xx: hop.non_2xx,
            cpu_ms_per_request: {
              hop: hop.cpu_ms_per_request.hop,
              floor: hop.cpu_ms_per_request.floor,
            },
            ratio: +(route.req_per_s / hop.req_per_s).toFixed(3),
          },
        },
      };
    }
    // Idle after the load: what each process keeps once the work is done.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idle = Object.fromEntries(children.map((c) => [c.service, usage(c.pid).rssMiB]));
    const sum = (rss) => Object.values(rss).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          node: process.version,
          mode: process.env.SINGLE_PROCESS === '1' ? 'single process' : 'five processes',
          load_average_before: loadBefore,
          load_average_after: load(),
          connections: CONNECTIONS,
          seconds: SECONDS,
          routes,
          rss_mib: {
            fresh: { ...fresh, total: sum(fresh) },
            idle_after_load: { ...idle, total: sum(idle) },
          },
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    for (const child of floorProcesses) child.kill();
    await stack?.stop();
    await env.cleanup();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
