#!/usr/bin/env node
// Scheduler benchmark (issue 12). The scheduler runs as its own process(es)
// (services/scheduler/dist/main.js) against real PostgreSQL, Redis and RabbitMQ, each round on
// a fresh test environment (a clone of the migrated template, its own broker namespace and
// Redis prefix). The bench plays the owning service: it consumes the task commands
// (task.run.<task_id> on the namespace's commands exchange) and at once publishes
// task.run_started, then task.run_completed (service 'catalog'), as catalog's runner would for
// a task with nothing to do.
//
//   A. trigger → running: TRIGGERS manual triggers of sync_requests, one at a time, each a
//      POST /api/v1/tasks/sync_requests/run signed as the gateway signs it (api_token principal
//      with tasks:run). Timed from sending the POST until the scheduler has committed the run
//      as running (or completed) from the owner's report; the commits are seen through a
//      NOTIFY trigger the bench adds to task_runs in its own database.
//   B. two replicas: both started together on one database, Redis and broker namespace, with
//      sync_requests on an INTERVAL_MS interval written straight into task_settings (the API
//      allows 60 s at least), until FIRINGS due times have fired; BullMQ's event stream and the
//      task_runs rows are tallied per due time (see RESULTS.md for the definitions).
//
// Usage: pnpm build && node bench/scheduler/run.js
// Env: ROUNDS (3, of A), TRIGGERS (1000), WARMUP (50), PAUSE_MS (0, between runs in A),
//      B_ROUNDS (1), FIRINGS (1000), INTERVAL_MS (50), PHASES (A,B), SCHEDULER_MAIN (another
//      build's main.js), RAW_FILE (A's per-trigger times), BENCH_DEBUG=1 (the schedulers' logs).
const { execFile, spawn } = require('node:child_process');
const { join } = require('node:path');
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const { promisify } = require('node:util');
const amqp = require('../../packages/kit/node_modules/amqplib');
const { Redis } = require('../../packages/kit/node_modules/ioredis');
const { Client } = require('../../packages/kit/node_modules/pg');
const kit = require('../../packages/kit/dist');
const {
  createTestEnv,
  ensureTemplate,
  TEST_AMQP_URL,
  TEST_ENCRYPTION_KEYS,
  TEST_KEY_ENV,
  testSigningKey,
  TEST_REDIS_URL,
} = require('../../packages/kit/dist/testing');

const ROOT = join(__dirname, '..', '..');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** A pause between a run's end and the next trigger (0: at once). */
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 0);
const B_ROUNDS = Number(process.env.B_ROUNDS ?? 1);
const TRIGGERS = Number(process.env.TRIGGERS ?? 1000);
const WARMUP = Number(process.env.WARMUP ?? 50);
const FIRINGS = Number(process.env.FIRINGS ?? 1000);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 50);
const PHASES = (process.env.PHASES ?? 'A,B').split(',');
const SCHEDULER_MAIN = process.env.SCHEDULER_MAIN ?? 'services/scheduler/dist/main.js';
const TASK = 'sync_requests'; // catalog's, needs no main media server
const TOKEN = { type: 'api_token', id: 7, scopes: ['tasks:run'] };
/** Consumer queues the scheduler declares (cleanup deletes them and their DLQs). */
const SCHEDULER_CONSUMERS = ['run-reports', 'main-server', 'housekeeping'];

const log = (line) => process.stderr.write(`${line}\n`);
const silent = kit.createLogger({ service: 'bench', level: 'silent' });
const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

// ---------------------------------------------------------------------------------------------
// Processes and plumbing

/** One scheduler process on the test environment; resolves once it listens. */
function startScheduler(env, name) {
  const config = env.runtimeConfig();
  const child = spawn(process.execPath, [SCHEDULER_MAIN], {
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
      // Required at start since the scheduler reads sealed settings (the bench predates it).
      ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS.join(','),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  void exited.then(() => children.delete(child));
  /** Log lines at warn or above: reported with the results. */
  const problems = [];
  let buffer = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) {
        if (process.env.BENCH_DEBUG) console.error(`[${name}] ${line}`);
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        if (entry.level >= 40) problems.push(`[${name}] ${entry.msg}: ${entry.err?.message ?? ''}`);
        if (entry.msg === 'listening') {
          resolve({
            name,
            url: `http://127.0.0.1:${entry.port}`,
            problems,
            stop: async () => {
              child.kill('SIGTERM');
              const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
              await exited;
              clearTimeout(timer);
            },
          });
        }
      }
    });
    void exited.then((code) => reject(new Error(`scheduler ${name} exited with ${code}`)));
  });
}

/** Waits until the scheduler's run-reports queue exists (its consumer starts after listening). */
async function waitForReportsQueue(namespace) {
  const queue = kit.brokerNames(namespace).queue('scheduler', 'run-reports');
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
        if (attempt > 200) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    await connection.close();
  }
}

/**
 * The owner stand-in: every task command is answered at once with task.run_started, then
 * task.run_completed (each published with confirms, as the kit's publisher does).
 */
async function startOwner(namespace, observe) {
  const broker = await kit.BrokerConnection.connect(TEST_AMQP_URL, silent);
  const publisher = new kit.Publisher(broker, kit.brokerNames(namespace), silent);
  await publisher.start();
  const connection = await amqp.connect(TEST_AMQP_URL);
  const channel = await connection.createChannel();
  const exchange = `${namespace}.commands`;
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, exchange, 'task.run.*');
  const commands = new Map(); // run id → deliveries
  const errors = [];
  await channel.consume(
    queue,
    (message) => {
      if (!message) return;
      const at = performance.now();
      const wall = Date.now();
      const command = JSON.parse(message.content.toString('utf8'));
      const runId = command.run_id;
      commands.set(runId, (commands.get(runId) ?? 0) + 1);
      observe.command?.(runId, at, wall);
      const base = { run_id: runId, task_id: command.task_id, service: 'catalog' };
      void (async () => {
        await publisher.publish('task.run_started', {
          ...base,
          started_at: new Date().toISOString(),
        });
        observe.started?.(runId, performance.now());
        await publisher.publish('task.run_completed', {
          ...base,
          items_processed: 0,
          summary: {},
          completed_at: new Date().toISOString(),
        });
      })().catch((error) => errors.push(error));
    },
    { noAck: true },
  );
  return {
    commands,
    errors,
    close: async () => {
      await connection.close();
      await broker.close();
    },
  };
}

/** A fresh test environment; the template is checked each time (test runs may rebuild it). */
async function freshEnv() {
  await ensureTemplate();
  return createTestEnv();
}

/** Removes what the scheduler processes declared (env.cleanup knows only this process's). */
async function cleanupEnv(env) {
  const names = kit.brokerNames(env.namespace);
  let queues = SCHEDULER_CONSUMERS.map((consumer) => names.queue('scheduler', consumer));
  try {
    const { stdout } = await promisify(execFile)(
      'rabbitmqctl',
      ['list_queues', '--quiet', '--no-table-headers', 'name'],
      { timeout: 30_000 },
    );
    const listed = stdout.split('\n').map((line) => line.trim());
    queues = [...new Set([...queues, ...listed.filter((q) => q.startsWith(`${env.namespace}.`))])];
  } catch {
    // no rabbitmqctl here: the known consumer queues only
  }
  const connection = await amqp.connect(TEST_AMQP_URL);
  try {
    const channel = await connection.createChannel();
    for (const queue of queues) await channel.deleteQueue(queue);
    await channel.close();
  } finally {
    await connection.close();
  }
  await env.cleanup();
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
    median_ms: round2(quantile(values, 0.5)),
    p99_ms: round2(quantile(values, 0.99)),
    max_ms: round2(Math.max(...values)),
  };
}

// ---------------------------------------------------------------------------------------------
// A. trigger → running

/** A NOTIFY on every committed change of task_runs, in the bench's own database. */
async function listenToRuns(databaseUrl, onChange) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`
    CREATE FUNCTION scheduler.bench_run_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('bench_task_runs',
        NEW.id || ' ' || NEW.status || ' ' || (NEW.started_at IS NOT NULL)::text);
      RETURN NULL;
    END $$;
    CREATE TRIGGER bench_run_changed AFTER INSERT OR UPDATE ON scheduler.task_runs
      FOR EACH ROW EXECUTE FUNCTION scheduler.bench_run_changed();
    CREATE FUNCTION scheduler.bench_command_relayed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('bench_task_runs', (NEW.payload->>'run_id') || ' relayed false');
      RETURN NULL;
    END $$;
    CREATE TRIGGER bench_command_relayed AFTER UPDATE OF published_at ON scheduler.outbox
      FOR EACH ROW WHEN (NEW.routing_key LIKE 'task.run.%')
      EXECUTE FUNCTION scheduler.bench_command_relayed();
    LISTEN bench_task_runs;`);
  client.on('notification', ({ payload }) => {
    const at = performance.now();
    const [id, status, started] = payload.split(' ');
    onChange(Number(id), status, started === 'true', at);
  });
  return client;
}

async function triggerRound(round) {
  const env = await freshEnv();
  const runs = new Map();
  const waiters = new Map();
  const run = (id) => {
    let entry = runs.get(id);
    if (!entry) runs.set(id, (entry = {}));
    return entry;
  };
  const finish = (id) => {
    waiters.get(id)?.();
    waiters.delete(id);
  };
  let listener;
  let owner;
  let scheduler;
  try {
    listener = await listenToRuns(env.databaseUrl, (id, status, started, at) => {
      const entry = run(id);
      if (status === 'queued') entry.queued ??= at;
      if (status === 'relayed') entry.relayed ??= at;
      if (status === 'running' || status === 'completed') {
        if (entry.running === undefined) {
          entry.running = at;
          entry.firstSeen = status;
          entry.firstSeenStarted = started;
        }
      }
      if (status === 'completed') {
        entry.completed = at;
        entry.startedAtSet = started;
        finish(id);
      }
    });
    owner = await startOwner(env.namespace, {
      command: (id, at) => (run(id).command = at),
      started: (id, at) => (run(id).startedPublished = at),
    });
    scheduler = await startScheduler(env, 'A');
    await waitForReportsQueue(env.namespace);

    const path = `/api/v1/tasks/${TASK}/run`;
    const body = '{}';
    const measured = [];
    for (let i = 0; i < WARMUP + TRIGGERS; i += 1) {
      const headers = kit.signInternalRequest(testSigningKey(), {
        service: 'scheduler',
        method: 'POST',
        url: path,
        body,
        principal: TOKEN,
        headers: { 'content-type': 'application/json' },
      });
      const sent = performance.now();
      const response = await fetch(`${scheduler.url}${path}`, { method: 'POST', headers, body });
      const answer = await response.json();
      const answered = performance.now();
      if (response.status !== 202) {
        throw new Error(`trigger ${i}: ${response.status} ${JSON.stringify(answer)}`);
      }
      const id = answer.run_id;
      const entry = run(id);
      Object.assign(entry, { sent, answered });
      if (entry.completed === undefined) {
        await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`run ${id} not completed`)), 10_000);
          waiters.set(id, () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      if (i >= WARMUP) measured.push(entry);
      if (PAUSE_MS > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    const of = (f) => measured.map(f);
    const result = {
      round,
      trigger_to_running: summary(of((r) => r.running - r.sent)),
      post_answered: summary(of((r) => r.answered - r.sent)),
      post_to_command: summary(of((r) => r.command - r.sent)),
      // the run row's commit (NOTIFY) to the command at the owner: outbox relay and broker
      queued_to_command: summary(of((r) => r.command - r.queued)),
      // the owner's started report with confirm, the broker, the consumer's transaction
      // the relay's commit of published_at, after the broker confirmed the command
      queued_to_relay_commit: summary(of((r) => r.relayed - r.queued)),
      command_to_running: summary(of((r) => r.running - r.command)),
      started_published_to_applied: summary(
        of((r) => r.running - (r.startedPublished ?? r.running)),
      ),
      // completed applied before started: the run ends without started_at
      completed_without_started_at: measured.filter((r) => !r.startedAtSet).length,
      first_seen_completed: measured.filter((r) => r.firstSeen === 'completed').length,
      commands_twice: [...owner.commands.values()].filter((n) => n > 1).length,
      owner_errors: owner.errors.length,
      scheduler_warnings: scheduler.problems,
    };
    if (process.env.RAW_FILE) {
      require('node:fs').writeFileSync(process.env.RAW_FILE, JSON.stringify(measured));
    }
    return result;
  } finally {
    await scheduler?.stop();
    await owner?.close();
    await listener?.end();
    await cleanupEnv(env);
  }
}

// ---------------------------------------------------------------------------------------------
// B. two replicas

/** Reads the scheduler queue's BullMQ event stream from its start until stopped. */
function readEvents(prefix) {
  const redis = new Redis(TEST_REDIS_URL);
  const key = `${prefix}:scheduler:events`;
  const events = [];
  let lastId = '0';
  let running = true;
  const drain = async (block) => {
    const args = block ? ['BLOCK', 200] : [];
    const reply = await redis.xread('COUNT', 1000, ...args, 'STREAMS', key, lastId);
    for (const [, entries] of reply ?? []) {
      for (const [id, fields] of entries) {
        const event = { streamId: id };
        for (let i = 0; i < fields.length; i += 2) event[fields[i]] = fields[i + 1];
        events.push(event);
        lastId = id;
      }
    }
    return reply?.[0]?.[1].length ?? 0;
  };
  const loop = (async () => {
    while (running) await drain(true);
    while ((await drain(false)) > 0);
  })();
  return {
    events,
    stop: async () => {
      running = false;
      await loop;
      redis.disconnect();
    },
  };
}

/**
 * Per due time (BullMQ names a scheduler's job repeat:<scheduler id>:<due ms>): created,
 * processed (active, completed, failed), and what fire_task returned (the run id, or null when
 * the fire was skipped). Only the first FIRINGS due times count; later ones were cut off by the
 * stop.
 */
function tallyFirings(events, prefix, runs, commandAt, commands) {
  const jobs = new Map();
  const eventCounts = {};
  for (const event of events) {
    if (!event.jobId?.startsWith(prefix)) continue;
    eventCounts[event.event] = (eventCounts[event.event] ?? 0) + 1;
    let job = jobs.get(event.jobId);
    if (!job) {
      job = { due: Number(event.jobId.slice(prefix.length)), counts: {}, returns: [] };
      jobs.set(event.jobId, job);
    }
    job.counts[event.event] = (job.counts[event.event] ?? 0) + 1;
    // A stream entry's id starts with the Redis server's clock in ms.
    const at = Number(event.streamId.split('-')[0]);
    if (event.event === 'active') job.activeAt ??= at;
    if (event.event === 'failed') job.failedReason = event.failedReason;
    if (event.event === 'completed') {
      job.completedAt ??= at;
      job.returns.push(JSON.parse(event.returnvalue ?? 'null'));
    }
  }
  const all = [...jobs.values()].sort((a, b) => a.due - b.due);
  const counted = all.slice(0, FIRINGS);
  const last = counted[counted.length - 1]?.due ?? 0;
  const n = (predicate) => counted.filter(predicate).length;
  // Gaps between consecutive due times, in intervals: 1 is the grid; more is slots BullMQ
  // skipped (it catches up to the next slot when it is late); less would be an extra fire.
  const gaps = counted.slice(1).map((job, i) => (job.due - counted[i].due) / INTERVAL_MS);
  const runIds = counted.flatMap((job) => job.returns.filter((r) => typeof r === 'number'));
  const returned = new Set(all.flatMap((job) => job.returns.filter((r) => typeof r === 'number')));
  const scheduleRuns = runs.filter((run) => run.trigger === 'schedule');
  const inWindow = scheduleRuns.filter((run) => run.created_at.getTime() <= last + INTERVAL_MS);
  const runGaps = inWindow
    .slice(1)
    .map((run, i) => run.created_at.getTime() - inWindow[i].created_at.getTime());
  const dueToCommand = counted.flatMap((job) =>
    job.returns
      .filter((r) => typeof r === 'number' && commandAt.has(r))
      .map((r) => commandAt.get(r) - job.due),
  );
  return {
    due_times: counted.length,
    due_span_s: round2((last - (counted[0]?.due ?? 0)) / 1000),
    processed_once: n((job) => job.counts.active === 1 && job.counts.completed === 1),
    processed_twice: n((job) => (job.counts.active ?? 0) > 1 || (job.counts.completed ?? 0) > 1),
    not_processed: n((job) => !job.counts.completed && !job.counts.failed),
    failed: n((job) => (job.counts.failed ?? 0) > 0),
    fired_run_created: n((job) => job.returns.some((r) => typeof r === 'number')),
    fired_skipped_active_run: n(
      (job) => job.returns.length > 0 && job.returns.every((r) => r === null),
    ),
    // Gaps that are not a whole number of intervals: seconds after the first due time, gap.
    off_grid_gaps: counted
      .slice(1)
      .flatMap((job, i) =>
        Number.isInteger(gaps[i])
          ? []
          : [`${((job.due - counted[0].due) / 1000).toFixed(2)} s: ${job.due - counted[i].due} ms`],
      ),
    closer_than_interval: gaps.filter((g) => g < 1).length,
    grid_slots_skipped: gaps.reduce((sum, g) => sum + Math.max(0, Math.round(g) - 1), 0),
    runs_of_counted_fires: runIds.length,
    runs_returned_twice: runIds.length - new Set(runIds).size,
    schedule_runs_total: scheduleRuns.length,
    schedule_runs_not_from_a_fire: scheduleRuns.filter((run) => !returned.has(run.id)).length,
    schedule_runs_closer_than_half_interval: runGaps.filter((g) => g < INTERVAL_MS / 2).length,
    non_schedule_runs: runs.length - scheduleRuns.length,
    commands_received_twice: [...commands.values()].filter((count) => count > 1).length,
    runs_not_completed: inWindow.filter((run) => run.status !== 'completed').length,
    due_to_active: summary(counted.filter((j) => j.activeAt).map((j) => j.activeAt - j.due)),
    fire_task_duration: summary(
      counted.filter((j) => j.completedAt).map((j) => j.completedAt - j.activeAt),
    ),
    due_to_command: summary(dueToCommand),
    events: eventCounts,
    // Seconds after the first due time, with BullMQ's reason.
    slowest_fires: counted
      .filter((job) => job.completedAt)
      .sort((a, b) => b.completedAt - b.activeAt - (a.completedAt - a.activeAt))
      .slice(0, 5)
      .map(
        (job) =>
          `${((job.due - counted[0].due) / 1000).toFixed(2)} s: ${job.completedAt - job.activeAt} ms`,
      ),
    failures: counted
      .filter((job) => job.failedReason)
      .map((job) => `${((job.due - counted[0].due) / 1000).toFixed(2)} s: ${job.failedReason}`),
  };
}

async function firingRound(round) {
  const env = await freshEnv();
  const db = new Client({ connectionString: env.databaseUrl });
  await db.connect();
  const commandAt = new Map(); // run id → wall clock ms the command arrived
  let owner;
  let stream;
  const replicas = [];
  const started = Date.now();
  try {
    await db.query(
      `INSERT INTO scheduler.task_settings (task_id, enabled, schedule_type, schedule_value)
       VALUES ($1, true, 'interval', $2)`,
      [TASK, String(INTERVAL_MS / 1000)],
    );
    owner = await startOwner(env.namespace, {
      command: (id, _at, wall) => commandAt.set(id, wall),
    });
    stream = readEvents(env.redisPrefix);
    const prefix = `repeat:${TASK}:`;
    // Both replicas start together: both upsert the job scheduler at start.
    replicas.push(...(await Promise.all([startScheduler(env, 'A'), startScheduler(env, 'B')])));
    const processed = () =>
      new Set(
        stream.events
          .filter((e) => e.event === 'completed' && e.jobId?.startsWith(prefix))
          .map((e) => e.jobId),
      ).size;
    const deadline = Date.now() + FIRINGS * INTERVAL_MS * 3 + 30_000;
    while (processed() < FIRINGS + 3) {
      if (Date.now() > deadline) throw new Error(`only ${processed()} firings processed`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await Promise.all(replicas.map((replica) => replica.stop()));
    const elapsedS = (Date.now() - started) / 1000;
    await stream.stop();
    const { events } = stream;
    stream = undefined;

    const { rows } = await db.query(
      `SELECT id::int AS id, trigger, status, started_at, created_at
         FROM scheduler.task_runs WHERE task_id = $1 ORDER BY id`,
      [TASK],
    );
    return {
      round,
      elapsed_s: round2(elapsedS),
      ...tallyFirings(events, prefix, rows, commandAt, owner.commands),
      scheduler_warnings: replicas.flatMap((replica) => replica.problems),
    };
  } finally {
    await stream?.stop();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await owner?.close();
    await db.end();
    await cleanupEnv(env);
  }
}

// ---------------------------------------------------------------------------------------------

/** The 1-minute load average, rounded: how busy the shared machine was. */
const load = () => Math.round(os.loadavg()[0] * 100) / 100;

(async () => {
  const begun = Date.now();
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model}`,
  };
  if (PHASES.includes('A')) {
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const started = Date.now();
      const loadBefore = load();
      rounds.push({ ...(await triggerRound(round)), load: [loadBefore, load()] });
      log(`A round ${round}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const sorted = [...rounds].sort(
      (a, b) => a.trigger_to_running.p99_ms - b.trigger_to_running.p99_ms,
    );
    const medians = rounds.map((r) => r.trigger_to_running.median_ms);
    result.trigger_to_running = {
      triggers: TRIGGERS,
      warmup: WARMUP,
      p99_range_ms: [sorted[0], sorted[sorted.length - 1]].map((r) => r.trigger_to_running.p99_ms),
      median_range_ms: [Math.min(...medians), Math.max(...medians)],
      median_round: sorted[Math.floor(sorted.length / 2)].round,
      rounds,
    };
  }
  if (PHASES.includes('B')) {
    const rounds = [];
    for (let round = 1; round <= B_ROUNDS; round += 1) {
      const loadBefore = load();
      rounds.push({ ...(await firingRound(round)), load: [loadBefore, load()] });
      log(`B round ${round}: ${rounds[rounds.length - 1].elapsed_s} s`);
    }
    result.two_replicas = { firings: FIRINGS, interval_ms: INTERVAL_MS, rounds };
  }
  result.total_s = Math.round((Date.now() - begun) / 1000);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
