#!/usr/bin/env node
// Cleanup rule preview benchmark (issue 13: "Preview of one rule over 50k movies answers ≤ 2 s
// (same evaluator, no writes)"). The cleanup service runs in-process (services/cleanup/dist/
// server.js, startCleanup) on a fresh test environment (a clone of the migrated template, its
// own broker namespace and Redis prefix). Its media projection is filled with N movies of one
// version each through the service's own repository (upsertMediaItems, batches of BATCH in one
// transaction each), with a source-status snapshot in which catalog and tmdb are ok and fresh.
// Then POST /api/rules/preview (mode matches, page 1, per_page 50), signed as the gateway
// signs it (admin user principal), is timed REQUESTS times after WARMUP warm-up requests, one
// at a time. The rule: media.year less_than 2000 AND tmdb.genres contains_any ["Drama"],
// movie / movie_version.
//
// After the HTTP requests, the same work is repeated in-process piece by piece (the service's
// own dist modules, nothing changed) to tell where the time goes: the root pages from the
// database, the evaluator, the protection/candidate look-ups.
//
// Usage: pnpm build && node bench/cleanup-rules/run.js
// Env: SIZES (10000,50000: movies per round, each round on a fresh environment), REQUESTS (10),
//      WARMUP (1), BATCH (1000, movies per upsert transaction), BREAKDOWN (1: the in-process
//      breakdown, 0 to skip), CLEANUP_DIST (another build's services/cleanup/dist).
const { join, resolve } = require('node:path');
const os = require('node:os');
const { performance } = require('node:perf_hooks');
const { Client, types: pgTypes } = require('../../packages/kit/node_modules/pg');
const kit = require('../../packages/kit/dist');
const { random, round1, mb, load, rssSampler } = require('../support/measure');
const { cleanupModules } = require('../support/cleanup-dist');
const {
  createTestEnv,
  ensureTemplate,
  testSigningKey,
} = require('../../packages/kit/dist/testing');

const ROOT = join(__dirname, '..', '..');
const DIST = resolve(ROOT, process.env.CLEANUP_DIST ?? 'services/cleanup/dist');
const fromDist = cleanupModules(DIST);
const { startCleanup } = fromDist('server.js');
const { upsertMediaItems } = fromDist(
  'projection/media.repository.js',
  'repositories/media.repository.js',
);
const { replaceSourceStatus } = fromDist(
  'sources/source-status.repository.js',
  'repositories/source-status.repository.js',
);

const SIZES = (process.env.SIZES ?? '10000,50000').split(',').map(Number);
const REQUESTS = Number(process.env.REQUESTS ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 1);
const BATCH = Number(process.env.BATCH ?? 1000);
const BREAKDOWN = process.env.BREAKDOWN !== '0';
const PER_PAGE = 50;
const ADMIN = { type: 'user', id: 1, role: 'admin' };
const GENRES = [
  'Drama',
  'Comedy',
  'Action',
  'Thriller',
  'Horror',
  'Romance',
  'Documentary',
  'Animation',
  'Science Fiction',
  'Crime',
];

const RULE = {
  mode: 'matches',
  media_type: 'movie',
  target_scope: 'movie_version',
  definition: {
    version: 1,
    root: {
      type: 'group',
      op: 'and',
      children: [
        { type: 'condition', field: 'media.year', operator: 'less_than', value: 2000 },
        {
          type: 'condition',
          field: 'tmdb.genres',
          operator: 'contains_any',
          value: ['Drama'],
        },
      ],
    },
  },
  action: { outcome: 'candidate' },
  page: 1,
  per_page: PER_PAGE,
};

const log = (line) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------
// Facts: the shape of services/cleanup/test/support/facts.ts movieFacts, with varied values.

function movie(index, rand, asOf) {
  const mediaId = 100_000 + index;
  const year = 1950 + Math.floor(rand() * 76); // 1950–2025: about 2/3 before 2000
  const genres = GENRES.filter(() => rand() < 0.25);
  const title = `Bench Movie ${index} (${year})`;
  const sizeBytes = Math.round((1 + rand() * 59) * 1e9);
  return {
    media_id: mediaId,
    as_of: asOf,
    tmdb_id: 500_000 + index,
    imdb_id: `tt${String(1_000_000 + index)}`,
    title,
    original_title: null,
    sort_title: null,
    year,
    status: null,
    genres,
    original_language: rand() < 0.7 ? 'en' : 'fr',
    origin_countries: ['US'],
    media_server_collections: [],
    library_ids: [],
    tmdb_vote_average: Math.round(rand() * 100) / 10,
    tmdb_vote_count: Math.floor(rand() * 20_000),
    tmdb_popularity: Math.round(rand() * 1000) / 10,
    imdb_rating: null,
    imdb_vote_count: null,
    poster_url: null,
    added_at: null,
    arr_added_at: null,
    is_monitored: null,
    arr_tags: [],
    metadata_refreshed_at: asOf,
    media_type: 'movie',
    release_date: `${year}-06-15`,
    collection: null,
    radarr_service_ids: [],
    versions: [
      {
        version_id: 1_000_000 + index,
        radarr_service_ids: [],
        file_name: `${title}.mkv`,
        path: `/data/media/movies/${title}/${title} Bluray-1080p.mkv`,
        size_bytes: sizeBytes,
        duration_ms: 7_200_000,
        container: 'mkv',
        width: 1920,
        height: 1080,
        resolution: '1080p',
        video_codec: 'hevc',
        hdr: false,
        dolby_vision: false,
        bitrate_kbps: null,
        added_at: null,
        file_added_at: null,
        disk_id: null,
      },
    ],
  };
}

/** Expected matches, computed here from the generated facts (checks the service's summary). */
const expectedMatch = (m) => m.year < 2000 && m.genres.includes('Drama');

async function fill(db, size) {
  const rand = random(size);
  const asOf = new Date().toISOString();
  await db.$transaction((tx) =>
    replaceSourceStatus(tx, {
      as_of: asOf,
      sources: ['catalog', 'tmdb'].map((source) => ({
        source,
        service_config_id: null,
        service_type: null,
        state: 'ok',
        reason: null,
        last_success_at: asOf,
        last_attempt_at: asOf,
      })),
    }),
  );
  let expected = 0;
  let applied = 0;
  for (let start = 0; start < size; start += BATCH) {
    const items = [];
    for (let i = start; i < Math.min(size, start + BATCH); i += 1) {
      const item = movie(i, rand, asOf);
      if (expectedMatch(item)) expected += 1;
      items.push(item);
    }
    const keys = await db.$transaction((tx) => upsertMediaItems(tx, items), { timeout: 60_000 });
    applied += keys.length;
  }
  return { expected, applied };
}

// ---------------------------------------------------------------------------------------------
// Statistics and memory

function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function summary(values) {
  return {
    median_ms: round1(quantile(values, 0.5)),
    p95_ms: round1(quantile(values, 0.95)),
    max_ms: round1(Math.max(...values)),
    min_ms: round1(Math.min(...values)),
  };
}

// ---------------------------------------------------------------------------------------------
// The preview over HTTP

async function preview(url) {
  const path = '/api/rules/preview';
  const body = JSON.stringify(RULE);
  const headers = kit.signInternalRequest(testSigningKey(), {
    service: 'cleanup',
    method: 'POST',
    url: path,
    body,
    principal: ADMIN,
    headers: { 'content-type': 'application/json' },
  });
  const sent = performance.now();
  const response = await fetch(`${url}${path}`, { method: 'POST', headers, body });
  const text = await response.text();
  const ms = performance.now() - sent;
  if (response.status !== 200) throw new Error(`preview: ${response.status} ${text}`);
  return { ms, bytes: Buffer.byteLength(text), answer: JSON.parse(text) };
}

/**
 * The preview's loop, repeated in-process with the service's own modules and timed per part:
 * the protections and candidates of the media type loaded once (previewLookups), root pages
 * (two queries and JSON parsing per 500 movies), buildTargets + evaluate. Nothing is written.
 */
async function breakdown(service) {
  const { rootPages } = fromDist(
    'projection/target-facts.repository.js',
    'repositories/target-facts.repository.js',
  );
  const { previewLookups } = fromDist(
    'rules/preview.repository.js',
    'repositories/preview.repository.js',
  );
  const rules = fromDist('domain/rules/index.js');
  const { ruleValidationContext } = fromDist('rules/rule-context.js', 'services/rule-context.js');
  const { db } = service;
  // The pages are read as the service reads them: plain pg over its pool (decision 017).
  const direct = kit.pgDatabase(service.runtime.pool);
  const parts = {
    validate: 0,
    availability: 0,
    load_pages: 0,
    build_targets: 0,
    evaluate: 0,
    target_states: 0,
  };
  let t = performance.now();
  const lap = (part) => {
    const now = performance.now();
    parts[part] += now - t;
    t = now;
  };
  const started = t;
  const validated = rules.validateRule(
    RULE,
    await ruleValidationContext(db, service.services.settings, { purpose: 'preview' }),
  );
  if (!validated.ok) throw new Error(`rule invalid: ${JSON.stringify(validated.errors)}`);
  lap('validate');
  const availability = await service.services.sourceStatus.availability();
  lap('availability');
  const now = new Date();
  await previewLookups(db, 'movie', now);
  lap('target_states');
  let pages = 0;
  let shownTargets = 0;
  // load_pages is the time spent waiting for a page: the next one is read during the work on
  // this one (rootPages), so it is not the pages' whole cost.
  for await (const page of rootPages(direct, 'movie')) {
    lap('load_pages');
    pages += 1;
    const built = page.flatMap((root) => rules.buildTargets(root, validated.rule.target_scope));
    lap('build_targets');
    const decided = built.map(({ target, facts }) => ({
      target,
      evaluation: rules.evaluate(validated.rule, facts, availability, now),
    }));
    const shown = decided.filter(({ evaluation }) => evaluation.verdict !== 'no_match');
    lap('evaluate');
    shownTargets += shown.length;
  }
  const total = performance.now() - started;
  return {
    pages,
    shown_targets: shownTargets,
    total_ms: round1(total),
    ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [`${k}_ms`, round1(v)])),
  };
}

/**
 * The root pages' two queries (loadRootPage's SQL) through a plain pg client with jsonb left
 * as text, then JSON.parse of the facts timed apart: the database and wire share of load_pages.
 */
async function rawPages(databaseUrl) {
  const client = new Client({
    connectionString: databaseUrl,
    types: {
      getTypeParser: (oid, format) => (oid === 3802 ? String : pgTypes.getTypeParser(oid, format)),
    },
  });
  await client.connect();
  await client.query('SET search_path TO cleanup, public');
  let queryMs = 0;
  let parseMs = 0;
  let pages = 0;
  try {
    for (let after = 0; ;) {
      let t = performance.now();
      const roots = await client.query(
        `SELECT media_id, facts FROM media_items
          WHERE media_type = 'movie' AND removed_at IS NULL AND media_id > $1::bigint
          ORDER BY media_id LIMIT 500`,
        [after],
      );
      const ids = roots.rows.map((row) => row.media_id);
      const versions =
        ids.length === 0
          ? { rows: [] }
          : await client.query(
              `SELECT movie_id AS root, id, facts FROM movie_versions
                WHERE movie_id = ANY($1::bigint[])`,
              [ids],
            );
      queryMs += performance.now() - t;
      t = performance.now();
      for (const row of roots.rows) JSON.parse(row.facts);
      for (const row of versions.rows) JSON.parse(row.facts);
      parseMs += performance.now() - t;
      pages += 1;
      if (roots.rows.length < 500) break;
      after = ids[ids.length - 1];
    }
  } finally {
    await client.end();
  }
  return { pages, query_ms: round1(queryMs), json_parse_ms: round1(parseMs) };
}

// ---------------------------------------------------------------------------------------------

async function round(size) {
  await ensureTemplate();
  const env = await createTestEnv();
  let service;
  const rss = rssSampler();
  try {
    service = await startCleanup({ runtime: env.runtimeConfig() });
    const rssStart = process.memoryUsage().rss;
    log(`N=${size}: filling`);
    const loadBefore = load();
    const fillStarted = performance.now();
    const { expected, applied } = await fill(service.db, size);
    const fillS = (performance.now() - fillStarted) / 1000;
    log(`N=${size}: filled in ${fillS.toFixed(1)} s; ${WARMUP} warm-up + ${REQUESTS} previews`);
    await service.db.$executeRawUnsafe('VACUUM ANALYZE media_items, movie_versions');
    const warmup = [];
    for (let i = 0; i < WARMUP; i += 1) warmup.push(round1((await preview(service.url)).ms));
    const rssBeforePreviews = process.memoryUsage().rss;
    rss.reset();
    const times = [];
    let last;
    for (let i = 0; i < REQUESTS; i += 1) {
      last = await preview(service.url);
      times.push(last.ms);
      log(`  preview ${i + 1}: ${last.ms.toFixed(0)} ms`);
    }
    const peakRss = rss.peak();
    const loadAfter = load();
    const parts = [];
    const raw = [];
    if (BREAKDOWN) {
      for (let i = 0; i < 3; i += 1) parts.push(await breakdown(service));
      parts.sort((a, b) => a.total_ms - b.total_ms);
      for (let i = 0; i < 3; i += 1) raw.push(await rawPages(env.databaseUrl));
      raw.sort((a, b) => a.query_ms + a.json_parse_ms - (b.query_ms + b.json_parse_ms));
    }
    const { summary: counts, total, items, sources } = last.answer;
    return {
      movies: size,
      fill: {
        seconds: round1(fillS),
        movies_per_s: Math.round(applied / fillS),
        applied,
        batch: BATCH,
      },
      preview: { requests: REQUESTS, ...summary(times), warmup_ms: warmup },
      answer: {
        summary: counts,
        total,
        items: items.length,
        response_bytes: last.bytes,
        expected_matches: expected,
        matches_as_expected: counts.matched === expected && counts.evaluated === size,
        sources: sources.map((s) => `${s.source}:${s.state}`),
      },
      rss_mb: {
        at_start: mb(rssStart),
        before_previews: mb(rssBeforePreviews),
        peak_during_previews: mb(peakRss),
      },
      in_process_breakdown_median: parts.length > 0 ? parts[Math.floor(parts.length / 2)] : null,
      raw_pg_pages_median: raw.length > 0 ? raw[Math.floor(raw.length / 2)] : null,
      load: [loadBefore, loadAfter],
    };
  } finally {
    rss.stop();
    await service?.stop();
    await env.cleanup();
  }
}

(async () => {
  const begun = Date.now();
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model}`,
    rule: 'media.year less_than 2000 AND tmdb.genres contains_any ["Drama"] (movie_version)',
    rounds: [],
  };
  for (const size of SIZES) {
    const started = Date.now();
    result.rounds.push(await round(size));
    log(`N=${size}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  result.total_s = Math.round((Date.now() - begun) / 1000);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
