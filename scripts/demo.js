#!/usr/bin/env node
// `pnpm demo`: the whole product working in about a minute, on this machine's PostgreSQL, Redis
// and RabbitMQ. It starts the library simulator (300 movies, 40 series) and the five services
// (`scripts/start.js`, logs in <data>/stack.log), creates an administrator and a token with
// every scope, configures the simulator as the main media server and as Radarr, Sonarr and
// Seerr, creates two rules, runs a sync (library, playback, requests) and a scan, registers a
// local receiver that verifies each webhook's signature, and prints the UI's address, the
// login, the token and curl lines.
// Ctrl-C stops everything.
//
// Its own data: the database `mcs_demo`, the broker namespace and Redis prefix `mcs_demo`, keys
// in .data/demo. Each run drops that database and those Redis keys. So it never takes them from
// DATABASE_URL, BROKER_NAMESPACE, REDIS_PREFIX or MCS_DATA_DIR (a real install's): only from
// MCS_DEMO_DATABASE_URL, MCS_DEMO_NAMESPACE and MCS_DEMO_DATA_DIR. Ports: MCS_*_PORT.
'use strict';
const { spawn } = require('node:child_process');
const { createHmac, randomBytes, timingSafeEqual } = require('node:crypto');
const { createWriteStream, mkdirSync } = require('node:fs');
const { createServer } = require('node:http');
const { join } = require('node:path');
// pg is the kit's dependency, not the workspace root's.
const { Client } = require(
  require.resolve('pg', { paths: [join(__dirname, '..', 'packages', 'kit')] }),
);
const { SCOPES, externalOpenApiDocument } = require('../packages/contracts/dist');
const { connectRedis } = require('../packages/kit/dist');
const { startSimulator } = require('../infra/simulator/dist');

const root = join(__dirname, '..');
const namespace = process.env.MCS_DEMO_NAMESPACE ?? 'mcs_demo';
const env = {
  ...process.env,
  DATABASE_URL:
    process.env.MCS_DEMO_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/mcs_demo',
  BROKER_NAMESPACE: namespace,
  REDIS_PREFIX: namespace,
  MCS_DATA_DIR: process.env.MCS_DEMO_DATA_DIR ?? join(root, '.data', 'demo'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};
const gateway = `http://localhost:${env.MCS_GATEWAY_PORT ?? 8000}`;
const LIBRARY = { movies: 300, series: 40, seasonsPerSeries: 3, episodesPerSeason: 8 };
const USERNAME = 'admin';
const PASSWORD = randomBytes(9).toString('base64url');

const say = (line) => process.stdout.write(`${line}\n`);

/** Drops the demo's database and Redis keys, so every run starts from setup. */
async function freshState() {
  const redis = connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(
        cursor,
        'MATCH',
        `${env.REDIS_PREFIX}:*`,
        'COUNT',
        1000,
      );
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  const url = new URL(env.DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.href });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** The five services, supervised by `pnpm start`'s script, their logs in a file. */
function startStack() {
  mkdirSync(env.MCS_DATA_DIR, { recursive: true });
  const log = createWriteStream(join(env.MCS_DATA_DIR, 'stack.log'));
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return child;
}

async function until(what, check, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A JSON call to the gateway; `auth` is a session or a token. */
async function call(method, path, body, auth = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) Object.assign(headers, { cookie: auth.cookie, 'x-csrf-token': auth.csrf });
  const response = await fetch(`${gateway}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { json, headers: response.headers };
}

function rule(name, mediaType, targetScope, conditions, action) {
  return {
    name,
    media_type: mediaType,
    target_scope: targetScope,
    definition: {
      version: 1,
      root: {
        type: 'group',
        op: 'and',
        children: conditions.map((c) => ({ type: 'condition', ...c })),
      },
    },
    action,
  };
}

/** Runs a task through the external API and waits for its run to finish. */
async function runTask(token, taskId) {
  const trigger = await until(`the scheduler to accept ${taskId}`, async () => {
    const { json } = await call('POST', `/api/v1/tasks/${taskId}/run`, {}, { token });
    return json;
  });
  const run = await until(`${taskId} to finish`, async () => {
    const { json } = await call('GET', `/api/v1/tasks/${taskId}/runs`, undefined, { token });
    const found = json.items.find((item) => item.id === trigger.run_id);
    return found && ['completed', 'error', 'canceled'].includes(found.status) ? found : undefined;
  });
  if (run.status !== 'completed') throw new Error(`${taskId} ended ${run.status}: ${run.error}`);
  return run;
}

/**
 * A receiver as an integrator writes one: Standard Webhooks, HMAC-SHA256 of
 * `id.timestamp.body` under the endpoint's secret, compared in constant time.
 */
function startReceiver(secretOf, onDelivery) {
  // Counted quietly until the demo is ready, then each delivery is printed as it arrives. The
  // verified ones are kept (the first 10 000) for the end-to-end tests to read.
  const seen = { verified: 0, rejected: 0, live: false, deliveries: [] };
  const server = createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= 1_000_000) chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(req.headers['webhook-id'] ?? '');
      const timestamp = String(req.headers['webhook-timestamp'] ?? '');
      const key = Buffer.from(secretOf().replace(/^whsec_/, ''), 'base64');
      const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
      const valid = String(req.headers['webhook-signature'] ?? '')
        .split(' ')
        .some((part) => {
          const given = Buffer.from(part.replace(/^v1,/, ''), 'base64');
          return given.length === expected.length && timingSafeEqual(given, expected);
        });
      if (valid) {
        seen.verified += 1;
        onDelivery?.(id);
        if (seen.deliveries.length < 10_000) seen.deliveries.push({ id, body: JSON.parse(body) });
      } else seen.rejected += 1;
      if (seen.live) say(`  webhook ${valid ? 'verified' : 'REJECTED (bad signature)'}: ${id}`);
      res.writeHead(valid ? 204 : 401).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, seen, port: server.address().port })),
  );
}

/**
 * Everything up to the printout, for the CLI below and the end-to-end tests: the stack running
 * and configured, and its handles. `handle.stop`, set as soon as anything runs, stops the
 * services, the simulator and the receiver, and resolves to the services' exit code; a failure
 * on the way calls it before rethrowing.
 */
async function startDemo(handle = {}) {
  const started = Date.now();
  const parts = {};
  let stopped;
  // Once only: Ctrl-C during start-up and the failure it causes both call it.
  const stop = () =>
    (stopped ??= (async () => {
      const { stack, exited, sim, receiver } = parts;
      if (stack && stack.exitCode === null && stack.signalCode === null) stack.kill('SIGINT');
      const code = stack ? await exited : null;
      await sim?.close();
      receiver?.server.close();
      return code;
    })());
  handle.stop = stop;
  try {
    parts.sim = await startSimulator(LIBRARY);
    await freshState();
    parts.stack = startStack();
    parts.exited = new Promise((resolve) => parts.stack.once('exit', resolve));
    const { sim, stack } = parts;
    return await configure({ started, sim, stack, stop, setReceiver: (r) => (parts.receiver = r) });
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The administrator, token, services, rules and receiver, then a sync and a scan, on a stack
 * whose gateway answers at `gateway`. `onDelivery(webhookId)` hears each verified delivery.
 */
async function configure({ started, sim, stack, stop, setReceiver, onDelivery }) {
  await until('the services to be healthy', async () => (await fetch(`${gateway}/health`)).ok);
  const setup = await call('POST', '/api/setup', { username: USERNAME, password: PASSWORD });
  const admin = {
    cookie: `mcs_session=${/mcs_session=([^;]*)/.exec(setup.headers.get('set-cookie'))[1]}`,
    csrf: setup.json.csrf_token,
  };
  const { json: token } = await call(
    'POST',
    '/api/settings/integrations/api-tokens',
    { name: 'demo', scopes: SCOPES },
    admin,
  );

  for (const system of ['jellyfin', 'radarr', 'sonarr', 'seerr']) {
    await call(
      'POST',
      '/api/settings/save/service',
      {
        service_type: system,
        name: `Simulated ${system}`,
        base_url: sim.urls[system],
        api_key: sim.apiKeys[system],
        enabled: true,
        ...(system === 'jellyfin' ? { is_main: true } : {}),
      },
      admin,
    );
  }
  await call(
    'POST',
    '/api/rules',
    rule(
      'Movies never watched, added over a year ago',
      'movie',
      'movie_version',
      [
        { field: 'watch.never_watched', operator: 'is_true' },
        { field: 'media.days_since_added', operator: 'greater_than', value: 365 },
      ],
      // Scheduled (an event each), due in 30 days: nothing is deleted while the demo runs.
      { auto_delete_enabled: true, auto_delete_delay_days: 30 },
    ),
    admin,
  );
  await call(
    'POST',
    '/api/rules',
    rule(
      'Ended series never watched',
      'series',
      'series',
      [
        { field: 'series.status', operator: 'equals', value: 'ended' },
        { field: 'watch.never_watched', operator: 'is_true' },
      ],
      // Scheduled (an event each), due in 30 days: nothing is deleted while the demo runs.
      { auto_delete_enabled: true, auto_delete_delay_days: 30 },
    ),
    admin,
  );

  let secret = '';
  const receiver = await startReceiver(() => secret, onDelivery);
  setReceiver(receiver);
  const { json: endpoint } = await call(
    'POST',
    '/api/settings/integrations/webhooks',
    {
      name: 'Demo receiver',
      url: `http://127.0.0.1:${receiver.port}/hooks`,
      // Every lifecycle event type the contract lists.
      event_types: externalOpenApiDocument().components.schemas.EventType.enum,
    },
    admin,
  );
  secret = endpoint.signing_secret;

  // The library, then what was watched and requested, then the rules over all of it.
  for (const task of ['sync_media', 'refresh_playback_history', 'sync_requests'])
    await runTask(token.token, task);
  const scan = await runTask(token.token, 'scan_cleanup_candidates');
  const candidates = (
    await call('GET', '/api/v1/candidates?per_page=1', undefined, { token: token.token })
  ).json;

  return {
    seconds: Math.round((Date.now() - started) / 1000),
    gateway,
    username: USERNAME,
    password: PASSWORD,
    token: token.token,
    admin,
    sim,
    stack,
    receiver,
    endpoint,
    candidates: candidates.total,
    scan,
    stop,
  };
}

async function main() {
  say(`Media Cleanup Service demo: starting (logs in ${join(env.MCS_DATA_DIR, 'stack.log')})`);
  // Ctrl-C at any moment, even while starting, stops whatever already runs.
  const handle = {};
  let stopping = false;
  const stop = () => {
    stopping = true;
    void (handle.stop ?? (async () => 0))().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const demo = await startDemo(handle);
  const { gateway: url, token, receiver } = demo;
  say(`
Ready in ${demo.seconds} s: ${demo.candidates} cleanup candidates from ${LIBRARY.movies} movies and ${LIBRARY.series} series (scan ${demo.scan.id}).

  web UI    ${url}/
  login     ${demo.username} / ${demo.password}
  token     ${token}
  webhooks  a receiver on 127.0.0.1:${receiver.port} verifies every delivery's signature:
            ${receiver.seen.verified} verified, ${receiver.seen.rejected} rejected so far (new ones below)

Try the external API:
  curl -s -H 'Authorization: Bearer ${token}' ${url}/api/v1/system
  curl -s -H 'Authorization: Bearer ${token}' '${url}/api/v1/candidates?per_page=5'
  curl -s -H 'Authorization: Bearer ${token}' '${url}/api/v1/movies?per_page=5'
  curl -s -H 'Authorization: Bearer ${token}' '${url}/api/v1/events?limit=5'
  curl -s -H 'Authorization: Bearer ${token}' ${url}/api/v1/tasks

Press Ctrl-C to stop.
`);
  receiver.seen.live = true;
  demo.stack.once('exit', (code) => {
    if (stopping) return;
    say(`the services stopped (exit ${code}); see ${join(env.MCS_DATA_DIR, 'stack.log')}`);
    void demo.stop().then(() => process.exit(1));
  });
}

module.exports = { startDemo, configure, LIBRARY };

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`demo failed: ${error.message}\n`);
    process.exit(1);
  });
}
