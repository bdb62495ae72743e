#!/usr/bin/env node
// Webhooks benchmark (the feed and delivery issue's acceptance). The webhooks service runs as its
// own process (services/webhooks/dist/main.js) against real PostgreSQL, Redis and RabbitMQ, each
// part on a fresh test environment (a clone of the migrated template, its own broker namespace
// and Redis prefix).
//
//   A. broker → feed → receiver: ENDPOINTS endpoints (rows written straight into the service's
//      endpoints table, secrets sealed as the endpoint routes seal them), all subscribed to
//      candidate.scheduled and all pointing at one local receiver (node:http on 127.0.0.1,
//      answers 204 at once). The service allows one attempt at a time per endpoint, so the
//      endpoints are the delivery parallelism. The bench publishes candidate.scheduled events as
//      cleanup's outbox relay does (the kit's Publisher on the namespace's events exchange,
//      routing key = type, message id = event id, publisher confirms): WARMUP events at 100/s
//      (not counted), then each rate of PACED_RATES for PACED_SECONDS, then a burst of EVENTS
//      events as fast as the broker confirms batches of PUBLISH_BATCH (the relay's batch size),
//      then (FEED_ONLY) the same burst with every endpoint disabled: the feed's intake alone.
//      Each phase starts once the previous one's deliveries have all arrived. Measured: events/s
//      stored into the feed (the events table polled every POLL_MS), deliveries/s at the
//      receiver, per delivery the time from the publish call to its arrival at the receiver
//      (matched on webhook-id), and what it cost: the service's CPU, its BullMQ jobs, its
//      PostgreSQL sessions (sampled), the gap between attempts on one endpoint.
//   B. feed pages at EVENTS_STORED stored events: the events table of a fresh clone is filled in
//      SQL (INSERT … SELECT generate_series, FILL_BATCH rows per statement, payloads shaped like
//      cleanup's), VACUUM ANALYZE, then PAGE_REQUESTS × GET /api/v1/events?limit=500 at random
//      cursors spread over the table, signed as the gateway signs (api_token with events:read),
//      one at a time, for each query of PAGE_QUERIES. Then, the service stopped, one endpoint
//      gets HISTORY_DELIVERIES delivered deliveries and the claim's statements are timed.
//
// Usage: pnpm build && node bench/webhooks/run.js > result.json   (about 35 minutes; ~15 GB of
//        disk for B's database while it runs)
// Env: PHASES (A,B), ENDPOINTS (4), WARMUP (200), PACED_RATES (10,500 events/s), PACED_SECONDS
//      (10), EVENTS (5000, the burst), FEED_ONLY (1; 0 skips that phase), PUBLISH_BATCH (200),
//      POLL_MS (25), DELIVERY_CONCURRENCY (unset: the service's default, 16), EVENTS_STORED
//      (10000000), FILL_BATCH (1000000), PAGE_REQUESTS (200), PAGE_WARMUP (20),
//      HISTORY_DELIVERIES (1000000; 0 skips), WEBHOOKS_MAIN (another build's main.js), RAW_FILE
//      (A's per-delivery latencies, one file per phase), BENCH_DEBUG=1 (the service's log).
//      The service process inherits the environment, so e.g. DATABASE_POOL_MAX reaches it.
const { createHash, randomBytes, randomUUID } = require('node:crypto');
const { readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { execFileSync, spawn } = require('node:child_process');
const http = require('node:http');
const { join } = require('node:path');
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const amqp = require('../../packages/kit/node_modules/amqplib');
const { Redis } = require('../../packages/kit/node_modules/ioredis');
const { FEED_FILL_SQL } = require('../support/feed-fill');
const { Client } = require('../../packages/kit/node_modules/pg');
const kit = require('../../packages/kit/dist');
const {
  createTestEnv,
  ensureTemplate,
  TEST_AMQP_URL,
  TEST_KEY_ENV,
  testSigningKey,
  TEST_REDIS_URL,
} = require('../../packages/kit/dist/testing');

const ROOT = join(__dirname, '..', '..');
const PHASES = (process.env.PHASES ?? 'A,B').split(',');
const ENDPOINTS = Number(process.env.ENDPOINTS ?? 4);
const WARMUP = Number(process.env.WARMUP ?? 200);
const PACED_RATES = (process.env.PACED_RATES ?? '10,500').split(',').filter(Boolean).map(Number);
const PACED_SECONDS = Number(process.env.PACED_SECONDS ?? 10);
const EVENTS = Number(process.env.EVENTS ?? 5000);
const FEED_ONLY = process.env.FEED_ONLY !== '0';
const PUBLISH_BATCH = Number(process.env.PUBLISH_BATCH ?? 200);
const POLL_MS = Number(process.env.POLL_MS ?? 25);
const DELIVERY_CONCURRENCY = process.env.DELIVERY_CONCURRENCY;
const EVENTS_STORED = Number(process.env.EVENTS_STORED ?? 10_000_000);
const FILL_BATCH = Number(process.env.FILL_BATCH ?? 1_000_000);
const PAGE_REQUESTS = Number(process.env.PAGE_REQUESTS ?? 200);
const PAGE_WARMUP = Number(process.env.PAGE_WARMUP ?? 20);
const HISTORY_DELIVERIES = Number(process.env.HISTORY_DELIVERIES ?? 1_000_000);
const WEBHOOKS_MAIN = process.env.WEBHOOKS_MAIN ?? 'services/webhooks/dist/main.js';

const SCHEMA = 'webhooks';
const EVENT_TYPE = 'candidate.scheduled';
/** The service's key for endpoint secrets at rest; the bench seals with the same one. */
const ENCRYPTION_KEY = randomBytes(24).toString('base64');
const READER = { type: 'api_token', id: 7, scopes: ['events:read'] };
/** Consumer queues the service declares (env.cleanup deletes them and their DLQs). */
const WEBHOOKS_CONSUMERS = ['feed', 'prune-event-feed'];
/** Feed queries of B: label → filter and limit (a random cursor is added). */
const PAGE_QUERIES = {
  all: { filter: '', limit: 500 },
  one_type: { filter: 'event_type=candidate.deleted', limit: 500 }, // 20 % of the rows
  rare_type: { filter: 'event_type=candidate.unmonitored_only', limit: 500 }, // 2 %
  two_types: { filter: 'event_type=candidate.moved,protection.created', limit: 500 }, // 13 %
  all_limit_100: { filter: '', limit: 100 },
};

const log = (line) => process.stderr.write(`${line}\n`);
const silent = kit.createLogger({ service: 'bench', level: 'silent' });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

// ---------------------------------------------------------------------------------------------
// Processes and plumbing

/** One webhooks process on the test environment; resolves once it listens. */
function startWebhooks(env) {
  const config = env.runtimeConfig();
  const extra = DELIVERY_CONCURRENCY ? { WEBHOOK_DELIVERY_CONCURRENCY: DELIVERY_CONCURRENCY } : {};
  // SERVICE_PROF=<dir>: the service writes a CPU profile there when it stops.
  const profile = process.env.SERVICE_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVICE_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, WEBHOOKS_MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: config.database.url,
      REDIS_URL: config.redis.url,
      REDIS_PREFIX: config.redis.prefix,
      AMQP_URL: config.broker.url,
      BROKER_NAMESPACE: config.broker.namespace,
      ...TEST_KEY_ENV,
      ENCRYPTION_KEYS: ENCRYPTION_KEY,
      LOG_LEVEL: 'info',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  void exited.then(() => children.delete(child));
  /** Log lines at warn or above, and how often each info message came: reported. */
  const problems = [];
  const messages = {};
  /** What each sweep that found work queued (it re-queues due deliveries whose job is gone). */
  const sweeps = [];
  let buffer = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) {
        if (process.env.BENCH_DEBUG) console.error(`[webhooks] ${line}`);
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        messages[entry.msg] = (messages[entry.msg] ?? 0) + 1;
        if (entry.msg === 'sweeper queued due deliveries') sweeps.push(entry.queued);
        if (entry.level >= 40 && problems.length < 50)
          problems.push(`${entry.msg}: ${entry.err?.message ?? ''}`);
        if (entry.msg === 'listening') {
          resolve({
            url: `http://127.0.0.1:${entry.port}`,
            pid: child.pid,
            problems,
            messages,
            sweeps,
            stop: async () => {
              child.kill('SIGTERM');
              const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
              await exited;
              clearTimeout(timer);
            },
          });
        }
      }
    });
    void exited.then((code) => reject(new Error(`webhooks exited with ${code}`)));
  });
}

/**
 * Waits until the feed consumer's queue exists: the service starts its consumers after it
 * listens, and an event published before the queue is bound would be dropped by the exchange.
 */
async function waitForFeedQueue(namespace) {
  const queue = kit.brokerNames(namespace).queue(SCHEMA, 'feed');
  const connection = await amqp.connect(TEST_AMQP_URL);
  try {
    for (let attempt = 0; ; attempt += 1) {
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      try {
        await channel.checkQueue(queue);
        await channel.close();
        return;
      } catch (error) {
        if (attempt > 400) throw error;
        await sleep(50);
      }
    }
  } finally {
    await connection.close();
  }
}

/** A fresh test environment whose cleanup also removes the service's queues. */
async function freshEnv() {
  await ensureTemplate();
  const env = await createTestEnv();
  const names = kit.brokerNames(env.namespace);
  // env.cleanup deletes the queues this process declared (and their DLQs): name the service's.
  for (const consumer of WEBHOOKS_CONSUMERS) kit.declaredQueues.add(names.queue(SCHEMA, consumer));
  return env;
}

/** The bench's own connection; named, so that the lock sampler can leave it out. */
async function connectDb(env) {
  const db = new Client({ connectionString: env.databaseUrl, application_name: 'bench' });
  await db.connect();
  await db.query(`SET search_path TO ${SCHEMA}`);
  return db;
}

// ---------------------------------------------------------------------------------------------
// Statistics

function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const round2 = (x) => Math.round(x * 100) / 100;

function summary(values) {
  return {
    n: values.length,
    median_ms: round2(quantile(values, 0.5)),
    p99_ms: round2(quantile(values, 0.99)),
    max_ms: round2(values.reduce((max, v) => Math.max(max, v), -Infinity)),
  };
}

/**
 * Rates from a list of completion times (ms): over the whole phase (from its first publish to
 * the last completion) and sustained (between the 10th and 90th percentile completions, so the
 * ramp-up and the tail do not dilute it).
 */
function rates(times, startedAt) {
  const sorted = [...times].sort((a, b) => a - b);
  const n = sorted.length;
  if (n < 10) return { count: n };
  const t10 = sorted[Math.floor(n * 0.1)];
  const t90 = sorted[Math.floor(n * 0.9)];
  return {
    count: n,
    overall_per_s: round2((n / (sorted[n - 1] - startedAt)) * 1000),
    sustained_per_s: round2(((Math.floor(n * 0.9) - Math.floor(n * 0.1)) / (t90 - t10)) * 1000),
  };
}

/** The 1-minute load average, rounded: how busy the shared machine was. */
const load = () => round2(os.loadavg()[0]);

// ---------------------------------------------------------------------------------------------
// Where the time goes: CPU, the service's event loop, PostgreSQL sessions

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
function processCpuSeconds(pid) {
  // After "(comm) " the fields start at the state (field 3); utime and stime are fields 14, 15.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

/** The machine's busy and total CPU ticks so far (all cores), from /proc/stat. */
function machineTicks() {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const values = ticks.map(Number);
  const total = values.reduce((sum, v) => sum + v, 0);
  return { busy: total - values[3] - values[4], total }; // idle and iowait are not busy
}

function usageSnapshot(service) {
  return {
    at: performance.now(),
    service: processCpuSeconds(service.pid),
    bench: process.cpuUsage(),
    machine: machineTicks(),
  };
}

/** CPU use over a phase: the service's and the bench's share of one core, the machine's load. */
function usageOver(before, after, events) {
  const wall = (after.at - before.at) / 1000;
  const service = after.service - before.service;
  const bench = process.cpuUsage(before.bench);
  return {
    wall_s: round2(wall),
    service_cpu_s: round2(service),
    service_cpu_ms_per_event: round2((service * 1000) / events),
    service_pct_of_a_core: Math.round((service / wall) * 100),
    bench_pct_of_a_core: Math.round(((bench.user + bench.system) / 1e6 / wall) * 100),
    machine_busy_pct: Math.round(
      ((after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)) *
        100,
    ),
  };
}

/**
 * The service's event-loop delay since the previous scrape (prom-client resets its histogram
 * on every collection of /metrics): how long a ready callback waited for the busy process.
 */
async function eventLoopLag(service) {
  const text = await (await fetch(`${service.url}/metrics`)).text();
  const value = (name) => {
    const line = text.split('\n').find((l) => l.startsWith(`nodejs_eventloop_lag_${name}_seconds`));
    return line ? round2(Number(line.split(' ').pop()) * 1000) : null;
  };
  return {
    mean_ms: value('mean'),
    p50_ms: value('p50'),
    p99_ms: value('p99'),
    max_ms: value('max'),
  };
}

/**
 * Samples the service's PostgreSQL sessions every 200 ms: how many wait for the feed lock or a
 * claim lock, and how many sit idle inside a transaction (PostgreSQL waits for the service's
 * next statement). Means over the samples are reported.
 */
function sampleSessions(db) {
  const samples = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await db.query(`
        SELECT count(*) FILTER (WHERE wait_event = 'advisory' AND query LIKE '%webhooks:feed%')::int AS feed_lock,
               count(*) FILTER (WHERE wait_event = 'advisory' AND query LIKE '%webhooks:claim%')::int AS claim_lock,
               count(*) FILTER (WHERE state = 'idle in transaction')::int AS idle_in_transaction,
               count(*) FILTER (WHERE state = 'active')::int AS active,
               count(*)::int AS connections
          FROM pg_stat_activity
         WHERE datname = current_database() AND application_name <> 'bench'
           AND query NOT LIKE 'LISTEN%'`);
      samples.push(rows[0]);
      await sleep(200);
    }
  })();
  return {
    /** Means over the samples since the previous call. */
    take: () => {
      const taken = samples.splice(0);
      const mean = (key) => round2(taken.reduce((sum, s) => sum + s[key], 0) / taken.length);
      return {
        samples: taken.length,
        waiting_for_feed_lock: mean('feed_lock'),
        waiting_for_claim_lock: mean('claim_lock'),
        idle_in_transaction: mean('idle_in_transaction'),
        active: mean('active'),
        connections: mean('connections'),
      };
    },
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** Stream entry ids ("<ms>-<seq>") in order. */
function compareIds(a, b) {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am - bm || as - bs;
}

/** A delivery job's kind, from its id (delivery/jobs.ts). */
function jobKind(jobId) {
  if (/^webhook-delivery-\d+$/.test(jobId)) return 'first_attempt'; // one per new delivery
  if (jobId.includes('-after-')) return 'hand_over'; // the endpoint's next turn
  return 'retry';
}

/**
 * Counts the delivery queue's jobs from BullMQ's event stream (<prefix>:webhooks:events), read
 * from its start as it grows: how many jobs each delivery costs, by kind.
 */
function countJobs(prefix) {
  const redis = new Redis(TEST_REDIS_URL);
  const key = `${prefix}:webhooks:events`;
  let counts = {};
  let lastId = '0';
  let running = true;
  const drain = async () => {
    const reply = await redis.xread('COUNT', 1000, 'BLOCK', 200, 'STREAMS', key, lastId);
    for (const [, entries] of reply ?? []) {
      for (const [id, fields] of entries) {
        lastId = id;
        const event = {};
        for (let i = 0; i < fields.length; i += 2) event[fields[i]] = fields[i + 1];
        if (!['added', 'completed', 'failed'].includes(event.event)) continue;
        const name = `${event.event}_${jobKind(event.jobId ?? '')}`;
        counts[name] = (counts[name] ?? 0) + 1;
      }
    }
  };
  const loop = (async () => {
    while (running) await drain();
  })();
  return {
    /** Counts since the previous call, once the loop has read the stream to its current end. */
    take: async () => {
      const [last] = await redis.xrevrange(key, '+', '-', 'COUNT', 1);
      const behind = () => last && compareIds(lastId, last[0]) < 0;
      while (behind()) await sleep(50);
      const taken = counts;
      counts = {};
      return taken;
    },
    stop: async () => {
      running = false;
      await loop;
      redis.disconnect();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A. broker → feed → receiver

/** A candidate.scheduled record as cleanup publishes it (test/support/events.ts). */
function lifecycleEvent(candidateId) {
  const id = randomUUID();
  const at = new Date().toISOString();
  const candidate = {
    id: candidateId,
    media_type: 'movie',
    scope: 'movie',
    media_id: 311,
    movie_version_id: null,
    series_id: null,
    season_id: null,
    season_number: null,
    episode_id: null,
    episode_number: null,
    title: 'Fight Club',
    year: 1999,
    tmdb_id: 550,
    matched_rule_ids: [3],
    reason: 'Not watched for 400 days',
    delete_operation: 'delete',
    created_at: at,
    auto_delete_state: 'scheduled',
    auto_delete_delay_days: 14,
    auto_delete_eligible_at: at,
    auto_delete_is_active: true,
    auto_delete_is_eligible: false,
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: null,
    auto_delete_timer_started_at: null,
    lifecycle_reason: null,
    lifecycle_updated_at: null,
    blockers: [],
  };
  return {
    id,
    type: EVENT_TYPE,
    occurred_at: at,
    candidate_id: candidateId,
    actor: { type: 'system', id: null },
    media_type: 'movie',
    operation_id: null,
    payload: {
      schema_version: 1,
      id,
      type: EVENT_TYPE,
      occurred_at: at,
      candidate,
      links: { self: `/api/v1/candidates/${candidateId}`, media: '/api/v1/movies/311' },
    },
  };
}

/**
 * The local receiver: one server for all endpoints (path /hooks/<n>), answering 204 as soon
 * as the request head arrived. The arrival is taken at the head: the body adds nothing to the
 * service's work that the bench wants to see.
 */
async function startReceiver(onArrival) {
  const server = http.createServer((request, response) => {
    const at = performance.now();
    onArrival(String(request.headers['webhook-id']), request.url, at);
    request.resume();
    response.writeHead(204).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** Endpoint rows as the endpoint routes store them (test/support/delivery-world.ts). */
async function insertEndpoints(db, port) {
  const box = new kit.SecretBox([ENCRYPTION_KEY]);
  for (let n = 1; n <= ENDPOINTS; n += 1) {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    await db.query(
      `INSERT INTO endpoints (name, url, event_types, signing_secret_encrypted,
                              signing_secret_created_at)
       VALUES ($1, $2, $3, $4, now())`,
      [`Receiver ${n}`, `http://127.0.0.1:${port}/hooks/${n}`, [EVENT_TYPE], box.seal(secret)],
    );
  }
}

/**
 * Watches the feed: every POLL_MS the rows after the last seen position. A row's stored time is
 * the start of the poll that first saw it, so it is late by up to POLL_MS plus the query.
 * Polling rather than a NOTIFY trigger keeps the service's insert path exactly as it is.
 */
function pollFeed(db, onStored) {
  let running = true;
  let last = '0';
  const loop = (async () => {
    while (running) {
      const at = performance.now();
      const { rows } = await db.query(
        'SELECT id::text AS id, position::text AS position FROM events WHERE position > $1 ORDER BY position',
        [last],
      );
      for (const row of rows) onStored(row.id, at);
      if (rows.length > 0) last = rows[rows.length - 1].position;
      await sleep(POLL_MS);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/**
 * Publishes `count` events in batches through the kit's Publisher, each batch confirmed before
 * the next, as the outbox relay does. With a rate, a batch holds the events due by now (ticks
 * of ~5 ms); without one, PUBLISH_BATCH events at a time as fast as confirms come back.
 */
async function publishEvents(publisher, count, rate, track) {
  const started = performance.now();
  let sent = 0;
  while (sent < count) {
    const due = rate
      ? Math.min(count, Math.floor(((performance.now() - started) / 1000) * rate) + 1)
      : Math.min(count, sent + PUBLISH_BATCH);
    if (due <= sent) {
      await sleep(5);
      continue;
    }
    const envelopes = [];
    for (let i = sent; i < due; i += 1) {
      const event = lifecycleEvent(1 + (i % 50_000));
      envelopes.push(kit.envelope(event.type, event, { messageId: event.id }));
    }
    const at = performance.now();
    for (const envelope of envelopes) track(envelope.messageId, at);
    await publisher.publishEnvelopes(envelopes);
    const confirmed = performance.now();
    for (const envelope of envelopes) track(envelope.messageId, at, confirmed);
    sent = due;
  }
  return { started, confirmed: performance.now() };
}

/**
 * Resolves once every event of the phase is in the feed and every delivery arrived at the
 * receiver, or fails after `ms`.
 */
async function waitForPhase(phase, expectedDeliveries, ms) {
  const deadline = Date.now() + ms;
  const stored = () => [...phase.events.values()].filter((e) => e.stored !== undefined).length;
  while (phase.arrivals < expectedDeliveries || stored() < phase.events.size) {
    if (Date.now() > deadline)
      throw new Error(
        `${phase.name}: ${stored()} of ${phase.events.size} events stored, ` +
          `${phase.arrivals} of ${expectedDeliveries} deliveries arrived`,
      );
    await sleep(50);
  }
  // A moment more: a delivery sent twice would arrive now.
  await sleep(1000);
}

/**
 * The service's own record of a phase's deliveries and attempts, and the rhythm of each
 * endpoint: the gap between one attempt's start and the next's on the same endpoint (one attempt
 * at a time per endpoint) against the HTTP exchange itself (duration_ms).
 */
async function deliveryRecord(db, ids) {
  const { rows } = await db.query(
    `SELECT d.status, count(*)::int AS deliveries, sum(d.attempts)::int AS attempts,
            count(*) FILTER (WHERE d.attempts > 1)::int AS retried
       FROM deliveries AS d WHERE d.event_id = ANY ($1::uuid[])
      GROUP BY d.status`,
    [ids],
  );
  const { rows: attempts } = await db.query(
    `SELECT a.outcome, count(*)::int AS n, coalesce(max(a.error), '') AS an_error
       FROM delivery_attempts AS a JOIN deliveries AS d ON d.id = a.delivery_id
      WHERE d.event_id = ANY ($1::uuid[]) GROUP BY a.outcome`,
    [ids],
  );
  const { rows: timeline } = await db.query(
    `SELECT d.endpoint_id::int AS endpoint,
            extract(epoch FROM a.started_at) * 1000 AS started, a.duration_ms
       FROM delivery_attempts AS a JOIN deliveries AS d ON d.id = a.delivery_id
      WHERE d.event_id = ANY ($1::uuid[]) ORDER BY d.endpoint_id, a.started_at`,
    [ids],
  );
  const gaps = timeline.flatMap((row, i) =>
    i > 0 && timeline[i - 1].endpoint === row.endpoint
      ? [row.started - timeline[i - 1].started]
      : [],
  );
  return {
    deliveries: rows,
    attempts,
    attempt_to_next_attempt_same_endpoint: summary(gaps),
    attempt_http_duration: summary(timeline.map((row) => row.duration_ms)),
  };
}

/**
 * The claim's "is the endpoint busy" test (claim.repository.ts, attempt.repository.ts) as
 * PostgreSQL runs it once the phases are over: how many of the endpoint's rows it reads.
 */
async function explainBusyCheck(db) {
  const { rows } = await db.query(
    `EXPLAIN (ANALYZE, FORMAT JSON)
     SELECT 1 FROM deliveries AS busy
      WHERE busy.endpoint_id = (SELECT min(id) FROM endpoints) AND busy.lease_expires_at > now()
      LIMIT 1`,
  );
  const plan = rows[0]['QUERY PLAN'][0];
  const scans = [];
  const walk = (node) => {
    if (node['Relation Name'] === 'deliveries')
      scans.push({
        node: `${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`,
        rows_removed_by_filter: node['Rows Removed by Filter'] ?? 0,
      });
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  const { rows: count } = await db.query(
    'SELECT count(*)::int AS n FROM deliveries WHERE endpoint_id = (SELECT min(id) FROM endpoints)',
  );
  return { endpoint_deliveries: count[0].n, scans, execution_ms: round2(plan['Execution Time']) };
}

/** What one phase measured, from the per-event and per-delivery times. */
function phaseResult(phase, published) {
  const events = [...phase.events.values()];
  const stored = events.filter((e) => e.stored !== undefined);
  const latencies = events.flatMap((e) => e.arrivals.map((a) => a - e.published));
  const firstArrivals = events.filter((e) => e.arrivals.length > 0);
  phase.latencies = latencies;
  return {
    name: phase.name,
    events: events.length,
    target_rate_per_s: phase.rate ?? 'max',
    publish: {
      seconds: round2((published.confirmed - published.started) / 1000),
      confirmed_per_s: round2((events.length / (published.confirmed - published.started)) * 1000),
    },
    feed: rates(
      stored.map((e) => e.stored),
      published.started,
    ),
    deliveries: rates(
      events.flatMap((e) => e.arrivals),
      published.started,
    ),
    publish_to_delivery: summary(latencies),
    publish_to_stored: summary(stored.map((e) => e.stored - e.published)),
    confirm_to_stored: summary(stored.map((e) => e.stored - e.confirmed)),
    stored_to_delivery: summary(
      stored.flatMap((e) => e.arrivals.map((a) => Math.max(0, a - e.stored))),
    ),
    // The event's first delivery (of ENDPOINTS) and its last: the spread is the per-endpoint wait.
    publish_to_first_delivery: summary(
      firstArrivals.map((e) => Math.min(...e.arrivals) - e.published),
    ),
    publish_to_last_delivery: summary(
      firstArrivals.map((e) => Math.max(...e.arrivals) - e.published),
    ),
    duplicate_arrivals: phase.duplicates,
    seconds_to_last_delivery: round2(
      (Math.max(...events.flatMap((e) => e.arrivals)) - published.started) / 1000,
    ),
  };
}

/** The phases of A: warm-up, the paced rates, the burst. */
function phasePlan() {
  return [
    { name: 'warmup', count: WARMUP, rate: 100 },
    ...PACED_RATES.map((rate) => ({ name: `paced ${rate}/s`, count: rate * PACED_SECONDS, rate })),
    { name: 'burst', count: EVENTS, rate: undefined },
    // The same burst with every endpoint disabled: the feed's intake alone, no deliveries.
    { name: 'burst, feed only', count: FEED_ONLY ? EVENTS : 0, rate: undefined, feedOnly: true },
  ].filter((step) => step.count > 0);
}

/**
 * One phase: publish its events, wait until every delivery arrived, and read what it cost.
 * `world` holds the service, the publisher, the bench's connection, the session sampler and
 * the map of event times the receiver and the feed poller fill in.
 */
async function runPhase(world, step) {
  const { service, db, sessions, jobs, byId } = world;
  const phase = { ...step, events: new Map(), arrivals: 0, duplicates: 0 };
  const track = (id, published, confirmed) => {
    let event = byId.get(id);
    if (!event) {
      event = { phase, published, arrivals: [], endpoints: new Set() };
      byId.set(id, event);
      phase.events.set(id, event);
    }
    if (confirmed !== undefined) event.confirmed = confirmed;
  };
  if (step.feedOnly) await db.query('UPDATE endpoints SET enabled = false');
  const expected = step.feedOnly ? 0 : step.count * ENDPOINTS;
  const loadBefore = load();
  await eventLoopLag(service); // resets the service's histogram
  sessions.take();
  await jobs.take();
  const before = usageSnapshot(service);
  log(`A ${step.name}: publishing ${step.count} events`);
  const published = await publishEvents(world.publisher, step.count, step.rate, track);
  await waitForPhase(phase, expected, 120_000 + expected * 50);
  const result = phaseResult(phase, published);
  result.cpu = usageOver(before, usageSnapshot(service), step.count);
  result.service_event_loop_delay = await eventLoopLag(service);
  result.postgres_sessions = sessions.take();
  result.delivery_jobs = await jobs.take();
  result.service_record = await deliveryRecord(db, [...phase.events.keys()]);
  result.load = [loadBefore, load()];
  log(
    `A ${step.name}: feed ${result.feed.sustained_per_s}/s, deliveries ` +
      `${result.deliveries.sustained_per_s}/s, latency p99 ${result.publish_to_delivery.p99_ms} ms`,
  );
  if (process.env.RAW_FILE && step.name !== 'warmup' && !step.feedOnly) {
    const slug = step.name.replace(/[^a-z0-9]+/gi, '-');
    writeFileSync(`${process.env.RAW_FILE}.${slug}`, `${phase.latencies.join('\n')}\n`);
  }
  return result;
}

/** The receiver's callback: files each request under its event (webhook-id) and endpoint. */
function recordArrival(byId, strays) {
  return (id, url, at) => {
    const event = byId.get(id);
    if (!event) return void strays.push(id);
    const endpoint = url.split('/').pop();
    if (event.endpoints.has(endpoint)) event.phase.duplicates += 1;
    event.endpoints.add(endpoint);
    event.arrivals.push(at);
    event.phase.arrivals += 1;
  };
}

async function throughputPhaseA() {
  const env = await freshEnv();
  const db = await connectDb(env);
  const sampler = await connectDb(env);
  const byId = new Map(); // event id → its times, across phases
  const strays = [];
  let receiver, poller, sessions, jobs, service, broker;
  try {
    receiver = await startReceiver(recordArrival(byId, strays));
    await insertEndpoints(db, receiver.port);
    // A fresh database has no projection yet: the default (off) applies.
    const { rows: settings } = await db.query(
      `SELECT COALESCE((settings->>'webhook_block_private_destinations')::boolean, false) AS block
         FROM settings_projection WHERE id = 1`,
    );
    const blockPrivate = settings[0]?.block ?? false;
    if (blockPrivate)
      throw new Error('block_private_destinations is on: the local receiver would be refused');
    service = await startWebhooks(env);
    await waitForFeedQueue(env.namespace);
    broker = await kit.BrokerConnection.connect(TEST_AMQP_URL, silent);
    const publisher = new kit.Publisher(broker, kit.brokerNames(env.namespace), silent);
    await publisher.start();
    poller = pollFeed(db, (id, at) => {
      const event = byId.get(id);
      if (event) event.stored ??= at;
    });
    sessions = sampleSessions(sampler);
    jobs = countJobs(env.redisPrefix);
    const world = { service, publisher, db, sessions, jobs, byId };
    const phases = [];
    for (const step of phasePlan()) {
      const result = await runPhase(world, step);
      if (step.name !== 'warmup') phases.push(result);
    }
    return {
      endpoints: ENDPOINTS,
      delivery_concurrency: Number(DELIVERY_CONCURRENCY ?? 16),
      block_private_destinations: blockPrivate,
      phases,
      busy_check_after_the_phases: await explainBusyCheck(db),
      stray_arrivals: strays.length,
      sweeper_queued: service.sweeps,
      webhooks_warnings: service.problems,
      webhooks_log_messages: service.messages,
    };
  } finally {
    await sessions?.stop();
    await jobs?.stop();
    await poller?.stop();
    await broker?.close();
    await service?.stop();
    await receiver?.close();
    await sampler.end();
    await db.end();
    await env.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------
// B. feed pages at EVENTS_STORED events

/** Fills the events table (indexes and constraints in place) and returns what it took. */
async function fillFeed(db) {
  const spanMs = 80 * 86_400_000;
  const base = new Date(Date.now() - spanMs - 60_000);
  const stepMs = spanMs / EVENTS_STORED;
  const batches = [];
  const started = performance.now();
  for (let from = 1; from <= EVENTS_STORED; from += FILL_BATCH) {
    const to = Math.min(EVENTS_STORED, from + FILL_BATCH - 1);
    const t0 = performance.now();
    await db.query(FEED_FILL_SQL, [from, to, base, stepMs]);
    batches.push(round2((performance.now() - t0) / 1000));
    log(`B fill: ${to} rows, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  // The service draws the next positions from the sequence.
  await db.query(`SELECT setval('events_position_seq', $1)`, [EVENTS_STORED]);
  const inserted = performance.now();
  await db.query('VACUUM ANALYZE events');
  const vacuumed = performance.now();
  const { rows } = await db.query(`
    SELECT pg_size_pretty(pg_table_size('events')) AS heap_and_toast,
           pg_size_pretty(pg_indexes_size('events')) AS indexes,
           pg_size_pretty(pg_total_relation_size('events')) AS total,
           (pg_total_relation_size('events') / 1048576)::int AS total_mib,
           (SELECT count(*) FROM events)::int AS rows`);
  return {
    rows: rows[0].rows,
    insert_s: round2((inserted - started) / 1000),
    batch_s: batches,
    vacuum_analyze_s: round2((vacuumed - inserted) / 1000),
    size: {
      heap_and_toast: rows[0].heap_and_toast,
      indexes: rows[0].indexes,
      total: rows[0].total,
    },
    total_mib: rows[0].total_mib,
  };
}

/** Event ids at uniformly random positions: cursors spread over the whole table. */
async function randomCursors(db, count) {
  const positions = Array.from(
    { length: count },
    () => 1 + Math.floor(Math.random() * Math.max(1, EVENTS_STORED - 600)),
  );
  const { rows } = await db.query(
    'SELECT id::text AS id, position::int AS position FROM events WHERE position = ANY ($1::bigint[])',
    [positions],
  );
  const byPosition = new Map(rows.map((row) => [row.position, row.id]));
  return positions.map((position) => byPosition.get(position)).filter(Boolean);
}

/** One feed page, signed as the gateway signs it; the body is read to its end. */
async function getPage(service, query) {
  const path = `/api/v1/events?${query}`;
  const headers = kit.signInternalRequest(testSigningKey(), {
    service: SCHEMA,
    method: 'GET',
    url: path,
    body: undefined,
    principal: READER,
  });
  const sent = performance.now();
  const response = await fetch(`${service.url}${path}`, { headers });
  const text = await response.text();
  const ms = performance.now() - sent;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
  return { ms, bytes: text.length, items: JSON.parse(text).items.length };
}

/**
 * The service's page statement (feed.repository.ts) for one cursor, with the values bound as
 * parameters as the service binds them: the types as an IN list of parameters (one type is
 * then a plain equality, which the (type, position) index can serve in order; `= ANY (array)`
 * would not be the same statement). `explain` prefixes EXPLAIN.
 */
async function pageStatement(db, cursor, { filter, limit }, explain = '') {
  const types = filter ? filter.split('=')[1].split(',') : [];
  const { rows: found } = await db.query('SELECT position FROM events WHERE id = $1', [cursor]);
  const notBefore = new Date(Date.now() - 90 * 86_400_000);
  const typeList = types.map((_, i) => `$${i + 4}`).join(', ');
  return db.query(
    `${explain}
     SELECT id, type, occurred_at AS "occurredAt", candidate_id AS "candidateId",
            actor_type AS "actorType", actor_id AS "actorId", payload
       FROM events
      WHERE position > $1 AND occurred_at >= $2 ${types.length ? `AND type IN (${typeList})` : ''}
      ORDER BY position LIMIT $3`,
    [found[0].position, notBefore, limit + 1, ...types],
  );
}

/** The plan PostgreSQL chose for one cursor and its execution time on the server. */
async function explainPage(db, cursor, query) {
  const { rows } = await pageStatement(
    db,
    cursor,
    query,
    'EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)',
  );
  const plan = rows[0]['QUERY PLAN'][0];
  const nodes = [];
  const walk = (node) => {
    const index = node['Index Name'] ? ` on ${node['Index Name']}` : '';
    const removed = node['Rows Removed by Filter']
      ? ` (${node['Rows Removed by Filter']} rows filtered out)`
      : '';
    nodes.push(`${node['Node Type']}${index}${removed}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return { plan: nodes.join(' > '), execution_ms: round2(plan['Execution Time']) };
}

/**
 * The same statement run by the bench through node-pg (rows and payloads parsed, nothing
 * serialised): what the database and the driver cost, against the service's whole page.
 */
async function timeStatement(db, cursors, query) {
  const times = [];
  for (const cursor of cursors) {
    const started = performance.now();
    await pageStatement(db, cursor, query);
    times.push(performance.now() - started);
  }
  return summary(times);
}

/** PAGE_REQUESTS pages of one query at random cursors, after PAGE_WARMUP uncounted ones. */
async function timePages(service, db, query) {
  const cursors = await randomCursors(db, PAGE_WARMUP + PAGE_REQUESTS);
  const times = [];
  const bytes = [];
  let shortPages = 0;
  for (const [i, cursor] of cursors.entries()) {
    const page = await getPage(service, pageQuery(query, cursor));
    if (i < PAGE_WARMUP) continue;
    times.push(page.ms);
    bytes.push(page.bytes);
    if (page.items < query.limit) shortPages += 1;
  }
  const first = await getPage(service, pageQuery(query));
  const sample = cursors.slice(PAGE_WARMUP, PAGE_WARMUP + 50);
  return {
    query: `GET /api/v1/events?${pageQuery(query, '<random>')}`,
    ...summary(times),
    short_pages: shortPages,
    median_bytes: quantile(bytes, 0.5),
    first_page_without_cursor_ms: round2(first.ms),
    statement_via_node_pg: await timeStatement(db, sample, query),
    explain_at_a_random_cursor: await explainPage(db, cursors[cursors.length - 1], query),
  };
}

const pageQuery = ({ filter, limit }, cursor) =>
  [filter, `limit=${limit}`, cursor && `cursor=${cursor}`].filter(Boolean).join('&');

/** Median execution time and the deliveries scans of a statement, over a few EXPLAIN ANALYZE runs. */
async function explainRuns(db, sql, values, runs = 5) {
  const times = [];
  let scans = [];
  for (let i = 0; i < runs; i += 1) {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, values);
    const plan = rows[0]['QUERY PLAN'][0];
    times.push(plan['Execution Time']);
    scans = [];
    const walk = (node) => {
      if (node['Relation Name'] === 'deliveries')
        scans.push(
          `${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}: ` +
            `${node['Rows Removed by Filter'] ?? 0} rows filtered out`,
        );
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan.Plan);
  }
  return { median_ms: round2(quantile(times, 0.5)), scans };
}

/**
 * The claim at a long delivery history: one endpoint gets HISTORY_DELIVERIES delivered
 * deliveries (the first events of the filled feed, as 90 days of retention would keep them) and
 * one pending one; then the claim's busy test and the next-due look-up (claim.repository.ts,
 * attempt.repository.ts, statements copied) are timed with EXPLAIN ANALYZE. Run after the page
 * timings, with the service stopped.
 */
async function claimAtHistory(db) {
  const count = Math.min(HISTORY_DELIVERIES, EVENTS_STORED - 1);
  const box = new kit.SecretBox([ENCRYPTION_KEY]);
  const { rows } = await db.query(
    `INSERT INTO endpoints (name, url, event_types, signing_secret_encrypted,
                            signing_secret_created_at)
     VALUES ('History', 'http://127.0.0.1:9/hooks', $1, $2, now()) RETURNING id`,
    [['candidate.scheduled'], box.seal(`whsec_${randomBytes(32).toString('base64')}`)],
  );
  const endpoint = rows[0].id;
  const started = performance.now();
  await db.query(
    `INSERT INTO deliveries (event_id, endpoint_id, event_position, status, attempts,
                             next_attempt_at, delivered_at, created_at, updated_at)
     SELECT id, $1, position, 'delivered', 1, NULL, occurred_at, occurred_at, occurred_at
       FROM events WHERE position <= $2`,
    [endpoint, count],
  );
  await db.query(
    `INSERT INTO deliveries (event_id, endpoint_id, event_position, next_attempt_at)
     SELECT id, $1, position, now() FROM events WHERE position = $2 + 1`,
    [endpoint, count],
  );
  const insertS = round2((performance.now() - started) / 1000);
  await db.query('VACUUM ANALYZE deliveries');
  const now = new Date();
  return {
    endpoint_deliveries: count + 1,
    insert_s: insertS,
    busy_test: await explainRuns(
      db,
      `SELECT 1 FROM deliveries AS busy
        WHERE busy.endpoint_id = $1 AND busy.lease_expires_at > $2 LIMIT 1`,
      [endpoint, now],
    ),
    next_due: await explainRuns(
      db,
      `SELECT due.id FROM deliveries AS due
        WHERE due.endpoint_id = $1 AND due.status = 'pending' AND due.next_attempt_at <= $2
          AND NOT EXISTS (SELECT 1 FROM deliveries AS busy
                           WHERE busy.endpoint_id = $1 AND busy.lease_expires_at > $2)
        ORDER BY due.event_position, due.id LIMIT 1`,
      [endpoint, now],
    ),
  };
}

async function feedPagesPhaseB() {
  const env = await freshEnv();
  const db = await connectDb(env);
  let service;
  try {
    const fill = await fillFeed(db);
    log(`B fill done: ${fill.insert_s} s insert, ${fill.vacuum_analyze_s} s vacuum analyze`);
    service = await startWebhooks(env);
    const queries = {};
    for (const [label, query] of Object.entries(PAGE_QUERIES)) {
      queries[label] = await timePages(service, db, query);
      log(`B ${label}: median ${queries[label].median_ms} ms, p99 ${queries[label].p99_ms} ms`);
    }
    const warnings = service.problems;
    await service.stop();
    service = undefined;
    let history;
    if (HISTORY_DELIVERIES > 0) {
      log(`B: ${HISTORY_DELIVERIES} delivered deliveries for one endpoint`);
      history = await claimAtHistory(db);
    }
    return {
      events_stored: EVENTS_STORED,
      fill,
      requests_per_query: PAGE_REQUESTS,
      queries,
      claim_at_a_long_history: history,
      webhooks_warnings: warnings,
    };
  } finally {
    await service?.stop();
    await db.end();
    await env.cleanup();
  }
}

// ---------------------------------------------------------------------------------------------

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/**
 * Which build ran: a hash of the service's and the kit's compiled files and the newest file's
 * time. The working tree changes under the bench (others rebuild dist/), so a figure is only
 * comparable to another of the same build.
 */
function buildFingerprint() {
  const hash = createHash('sha256');
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) {
        hash.update(readFileSync(path));
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  for (const dir of [join(ROOT, WEBHOOKS_MAIN, '..'), join(ROOT, 'packages/kit/dist')]) walk(dir);
  return { sha256: hash.digest('hex').slice(0, 16), newest_file: new Date(newest).toISOString() };
}

(async () => {
  const begun = Date.now();
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model}`,
    uptime_before: uptime(),
    build: buildFingerprint(),
  };
  if (PHASES.includes('A')) {
    const started = Date.now();
    result.throughput = { load_before: load(), ...(await throughputPhaseA()), load_after: load() };
    result.throughput.seconds = Math.round((Date.now() - started) / 1000);
    log(`A: ${result.throughput.seconds} s`);
  }
  if (PHASES.includes('B')) {
    const started = Date.now();
    result.feed_pages = { load_before: load(), ...(await feedPagesPhaseB()), load_after: load() };
    result.feed_pages.seconds = Math.round((Date.now() - started) / 1000);
    log(`B: ${result.feed_pages.seconds} s`);
  }
  result.uptime_after = uptime();
  result.total_s = Math.round((Date.now() - begun) / 1000);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
