#!/usr/bin/env node
// Web UI benchmark (issue 29): time to first content of the dashboard (`/`) and the candidates
// page (`/candidates`) with 10 000 candidates, each run in a new browser context (cold HTTP
// cache, signed in by cookie), against the five built services and the gateway serving the
// built UI on this machine; and the initial JS of the build, gzipped.
// Usage: pnpm build && node bench/web/run.js [runs per page]   (default 7, after one warm-up)
// Needs Debian's chromium (/usr/bin/chromium, or CHROMIUM_PATH) and the local PostgreSQL,
// Redis and RabbitMQ the tests use. PROFILE_DIR=<dir> writes the page's CPU profile of each
// page's last run there (<page>.cpuprofile, read with bench/support/profile-top.js).
'use strict';
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { gzipSync } = require('node:zlib');
const { chromium } = require('playwright-core');
const { createPool } = require('../../packages/kit/dist');
const { createTestEnv, ensureTemplate } = require('../../packages/kit/dist/testing');
const { setupAdmin, startStack } = require('../support/stack');

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'packages', 'web', 'dist');
const RUNS = Number(process.argv[2] ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PROFILE_DIR = process.env.PROFILE_DIR;

/**
 * First content, checked in the page at every animation frame: the screen's heading, nothing
 * loading any more (the splash and the skeletons carry aria-busy="true"), and for the candidates
 * page its first candidate (a row of a group's card).
 * Functions, not strings: the UI's CSP refuses the eval a string predicate needs.
 */
/* global document -- firstContent runs in the page */
function firstContent(rows) {
  const main = document.querySelector('main');
  if (!main?.querySelector('h1') || document.querySelector('[aria-busy="true"]')) return false;
  if (rows) {
    const row = main.querySelector('.candidate-group li, tbody tr, [role="row"] [role="gridcell"]');
    if (!row) return false;
  }
  return performance.now();
}
const PAGES = { '/': false, '/candidates': true };

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median_ms: Math.round(sorted[Math.floor(sorted.length / 2)]),
    min_ms: Math.round(sorted[0]),
    max_ms: Math.round(sorted[sorted.length - 1]),
    runs_ms: values.map(Math.round),
  };
};

/** The entry script of index.html and every chunk it imports statically, gzipped (level 6). */
function initialJs() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/<script[^>]+src="\.?\/?([^"]+\.js)"/g)].map((m) => m[1]);
  queue.push(
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\.?\/?([^"]+)"/g)].map(
      (m) => m[1],
    ),
  );
  const seen = new Set();
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(DIST, file), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`), not import().
    for (const m of code.matchAll(
      /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g,
    ))
      queue.push(join(file, '..', m[1]));
  }
  const files = [...seen].map((file) => {
    const bytes = readFileSync(join(DIST, file));
    return { file, raw_bytes: bytes.length, gzip_bytes: gzipSync(bytes).length };
  });
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\.?\/?([^"]+)"/g)].map(
    (m) => {
      const bytes = readFileSync(join(DIST, m[1]));
      return { file: m[1], raw_bytes: bytes.length, gzip_bytes: gzipSync(bytes).length };
    },
  );
  const sum = (list, key) => list.reduce((n, f) => n + f[key], 0);
  return {
    js_files: files,
    js_gzip_kib: +(sum(files, 'gzip_bytes') / 1024).toFixed(1),
    js_raw_kib: +(sum(files, 'raw_bytes') / 1024).toFixed(1),
    css_gzip_kib: +(sum(css, 'gzip_bytes') / 1024).toFixed(1),
  };
}

(async () => {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error('packages/web/dist has no index.html: pnpm --filter @mcs/web build');
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium`);
  await ensureTemplate();
  const env = await createTestEnv();
  const seeder = createPool({ url: env.databaseUrl, schema: 'cleanup', max: 1 });
  let browser = null;
  let stack = null;
  try {
    await seeder.query(readFileSync(join(__dirname, 'seed.sql'), 'utf8'));
    await seeder.query('VACUUM ANALYZE');
    stack = await startStack(env, { gatewayEnv: { WEB_DIST_DIR: DIST } });
    // The gateway serves the built UI itself (WEB_DIST_DIR), with its CSP.
    const gateway = stack.gateway;
    const origin = gateway;

    const { cookie, headers } = await setupAdmin(gateway);
    for (const [name, mediaType, scope] of [
      ['Old films', 'movie', 'movie_version'],
      ['Old episodes', 'series', 'episode'],
    ]) {
      const rule = await fetch(`${gateway}/api/rules`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          name,
          media_type: mediaType,
          target_scope: scope,
          definition: {
            version: 1,
            root: {
              type: 'group',
              op: 'and',
              children: [
                { type: 'condition', field: 'media.year', operator: 'less_than', value: 3000 },
              ],
            },
          },
          action: {},
        }),
      });
      if (rule.status !== 201) throw new Error(`rule: ${rule.status} ${await rule.text()}`);
    }
    const candidates = await (
      await fetch(`${gateway}/api/media/candidates?per_page=1`, {
        headers: { cookie: `mcs_session=${cookie}` },
      })
    ).json();

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const measure = async (path, profileTo = null) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: 'mcs_session', value: cookie, url: origin }]);
      // A returning user: the app's own hint that this browser had a session
      // (packages/web/src/api/session-hint.ts), kept in localStorage beside the cookie.
      await context.addInitScript({ content: "localStorage.setItem('mcs-signed-in', '1')" });
      const page = await context.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      const profiler = profileTo ? await context.newCDPSession(page) : null;
      if (profiler) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.send('Profiler.start');
      }
      const started = Date.now();
      await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
      const handle = await page
        .waitForFunction(firstContent, PAGES[path], { polling: 'raf', timeout: 30_000 })
        .catch(async (error) => {
          const shown = await page.evaluate(() => document.body.innerText.slice(0, 400));
          throw new Error(`${path}: no first content (${errors.join('; ')}): ${shown}`, {
            cause: error,
          });
        });
      const sinceNavigation = await handle.jsonValue();
      // Where the time went: when each request of the page started and ended (ms since
      // navigation), and when the main thread was busy (long tasks are not exposed: script
      // evaluation shows as the gap between a script's end and the next request's start).
      const timeline = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .concat(performance.getEntriesByType('navigation'))
          .map(
            (e) =>
              `${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ${e.name.replace(/^https?:\/\/[^/]+/, '')}`,
          ),
      );
      const wall = Date.now() - started;
      if (profiler) {
        const { profile } = await profiler.send('Profiler.stop');
        mkdirSync(PROFILE_DIR, { recursive: true });
        writeFileSync(profileTo, JSON.stringify(profile));
      }
      await context.close();
      if (errors.length > 0) throw new Error(`${path}: ${errors.join('; ')}`);
      return { sinceNavigation, wall, timeline };
    };
    const results = {};
    for (const path of Object.keys(PAGES)) {
      await measure(path); // warm-up: the services' first answers, V8's first compile
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        const last = PROFILE_DIR && i === RUNS - 1;
        const name = path === '/' ? 'dashboard' : path.slice(1);
        runs.push(await measure(path, last ? join(PROFILE_DIR, `${name}.cpuprofile`) : null));
      }
      results[path] = {
        first_content_since_navigation: stats(runs.map((r) => r.sinceNavigation)),
        wall_from_goto: stats(runs.map((r) => r.wall)),
        last_run_requests: runs[runs.length - 1].timeline,
      };
    }
    process.stdout.write(
      `${JSON.stringify(
        {
          served_by: 'gateway',
          candidates_groups_total: candidates.total,
          runs_per_page: RUNS,
          first_content: results,
          initial: initialJs(),
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await browser?.close();
    await stack?.stop();
    await seeder.end();
    await env.cleanup();
  }
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
