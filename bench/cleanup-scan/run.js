#!/usr/bin/env node
// Cleanup scan benchmark (issue 13: "full scan of 50k movies + 5k series / ~1M episodes with 10
// rules ≤ 60 s and ≤ 512 MB peak RSS on this machine, and 10k → 50k movies grows ≤ 6×"). The
// cleanup service runs in-process (services/cleanup/dist/server.js) on a fresh test environment
// per round. Its projection is filled through the service's own repository (upsertMediaItems):
// M movies of one version each and M/10 series of SEASONS seasons × EPISODES episodes, each
// episode with its own file, watch data and requests for part of them, with catalog, tmdb,
// arr, playback and seerr ok and fresh. Ten enabled rules (one of
// them a protect rule) are stored through POST /api/rules. That service is then stopped, and a
// child process (this file with --scan) starts the cleanup service alone on the same database
// and runs the scan task's handler (services.scan.run, what the task runner calls) twice: the
// first scan creates the candidates, the second finds them again (the steady state of a daily
// scan). The child's RSS is the service's own footprint, without the fill's garbage.
//
// Usage: pnpm build && node bench/cleanup-scan/run.js
// Env: SIZES (10000,50000: movies per round; series = movies / 10), SEASONS (10), EPISODES
//      (20), USERS (40), BATCH_MOVIES (1000), BATCH_SERIES (25), CLEANUP_DIST, SCAN_PROF (a
//      directory: the scan child runs with --cpu-prof there).
const { join, resolve } = require('node:path');
const os = require('node:os');
const { fork } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const { Client } = require('../../packages/kit/node_modules/pg');
const kit = require('../../packages/kit/dist');
const { random, round1, mb, load, rssSampler } = require('../support/measure');
const { cleanupModules } = require('../support/cleanup-dist');
const {
  createTestEnv,
  ensureTemplate,
  TEST_KEYS,
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
const { replaceRequests, replaceWatchData } = fromDist(
  'projection/rule-inputs.repository.js',
  'repositories/rule-inputs.repository.js',
);

const SIZES = (process.env.SIZES ?? '10000,50000').split(',').map(Number);
const SEASONS = Number(process.env.SEASONS ?? 10);
const EPISODES = Number(process.env.EPISODES ?? 20);
const BATCH_MOVIES = Number(process.env.BATCH_MOVIES ?? 1000);
const BATCH_SERIES = Number(process.env.BATCH_SERIES ?? 25);
const USER_COUNT = Number(process.env.USERS ?? 40);
const ADMIN = { type: 'user', id: 1, role: 'admin' };
const GENRES = ['Drama', 'Comedy', 'Action', 'Thriller', 'Horror', 'Documentary', 'Crime'];

const log = (line) => process.stderr.write(`${line}\n`);

const cond = (field, operator, value) => ({ type: 'condition', field, operator, value });
const rule = (name, mediaType, scope, children, action = {}) => ({
  name,
  media_type: mediaType,
  target_scope: scope,
  definition: { version: 1, root: { type: 'group', op: 'and', children } },
  action,
});
const optIn = (days) => ({ auto_delete_enabled: true, auto_delete_delay_days: days });

/**
 * Ten rules over every scope; fields whose sources the fill reports ok (catalog, tmdb, arr,
 * playback, seerr). Two read the rule inputs: watch data, and requests with requester watch.
 */
const RULES = [
  rule(
    'Old dramas',
    'movie',
    'movie_version',
    [cond('media.year', 'less_than', 2000), cond('tmdb.genres', 'contains_any', ['Drama'])],
    optIn(30),
  ),
  rule('Huge files', 'movie', 'movie_version', [cond('media.size_bytes', 'greater_than', 50e9)]),
  rule(
    'Badly rated',
    'movie',
    'movie_version',
    [cond('tmdb.vote_average', 'less_than', 3)],
    optIn(null),
  ),
  rule('Not watched for a year', 'movie', 'movie_version', [
    cond('watch.days_since_last_watched', 'greater_than', 365),
  ]),
  rule('Sequels by title', 'movie', 'movie_version', [
    cond('media.title', 'matches_regex', ' 2 \\('),
  ]),
  rule(
    'Keep documentaries',
    'movie',
    'movie_version',
    [cond('tmdb.genres', 'contains_any', ['Documentary'])],
    { outcome: 'protect' },
  ),
  rule('Old series', 'series', 'series', [cond('media.year', 'less_than', 1975)]),
  rule(
    'Early seasons of old series',
    'series',
    'season',
    [cond('season.number', 'less_than_or_equal', 2), cond('media.year', 'less_than', 1990)],
    optIn(60),
  ),
  rule('Unmonitored episodes outside the kids library', 'series', 'episode', [
    cond('arr.monitored', 'is_false', null),
    cond('media.path', 'not_starts_with_any', ['/media/tv-kids']),
  ]),
  rule('Seasons their requesters watched', 'series', 'season', [
    cond('seerr.requester_has_watched', 'is_true', null),
  ]),
];

// Paths as a media server reports them: `<folder>/<name>` (docs/decisions/013).
const fileFacts = (folder, name, size) => ({
  path: `${folder}/${name}`,
  file_name: name,
  size_bytes: size,
  duration_ms: 2_700_000,
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
});

function root(mediaId, index, rand, asOf, kind) {
  const year = 1950 + Math.floor(rand() * 76);
  return {
    media_id: mediaId,
    as_of: asOf,
    tmdb_id: 500_000 + index,
    imdb_id: null,
    title: `Bench ${kind} ${index % 7 === 0 ? 2 : index} (${year})`,
    original_title: null,
    sort_title: null,
    year,
    status: null,
    genres: GENRES.filter(() => rand() < 0.25),
    original_language: rand() < 0.7 ? 'eng' : 'fra',
    origin_countries: ['US'],
    media_server_collections: [],
    library_ids: [],
    tmdb_vote_average: Math.round(rand() * 100) / 10,
    tmdb_vote_count: Math.floor(rand() * 20_000),
    tmdb_popularity: null,
    imdb_rating: null,
    imdb_vote_count: null,
    poster_url: null,
    added_at: null,
    arr_added_at: null,
    is_monitored: rand() < 0.8,
    arr_tags: [],
    metadata_refreshed_at: asOf,
  };
}

function movie(index, rand, asOf) {
  const facts = root(100_000 + index, index, rand, asOf, 'Movie');
  return {
    ...facts,
    media_type: 'movie',
    release_date: `${facts.year}-06-15`,
    collection: null,
    radarr_service_ids: [],
    versions: [
      {
        version_id: 1_000_000 + index,
        radarr_service_ids: [],
        ...fileFacts(
          `/media/movies/${facts.title}`,
          `${facts.title} Bluray-1080p.mkv`,
          Math.round((1 + rand() * 59) * 1e9),
        ),
      },
    ],
  };
}

function series(index, rand, asOf) {
  const mediaId = 10_000_000 + index;
  const base = mediaId * 1000;
  // Every tenth series is in the kids' library, which a rule leaves out by its path.
  const folder = `/media/${index % 10 === 0 ? 'tv-kids' : 'tv'}/Bench Series ${index}`;
  const seasons = [];
  const episodes = [];
  const files = [];
  for (let s = 1; s <= SEASONS; s += 1) {
    const seasonId = base * 10 + s;
    seasons.push({
      season_id: seasonId,
      season_number: s,
      title: null,
      air_date: null,
      episode_count: EPISODES,
      is_monitored: true,
      added_at: null,
    });
    for (let e = 1; e <= EPISODES; e += 1) {
      const episodeId = (base * 10 + s) * 100 + e;
      episodes.push({
        episode_id: episodeId,
        season_id: seasonId,
        season_number: s,
        episode_number: e,
        title: null,
        air_date: null,
        is_monitored: rand() < 0.9,
        episode_file_id: episodeId,
        added_at: null,
      });
      files.push({
        episode_file_id: episodeId,
        episode_ids: [episodeId],
        ...fileFacts(
          `${folder}/Season ${String(s).padStart(2, '0')}`,
          `Bench Series ${index} - S${String(s).padStart(2, '0')}E${String(e).padStart(2, '0')} - Bluray-1080p.mkv`,
          1_000_000_000,
        ),
      });
    }
  }
  return {
    ...root(mediaId, index, rand, asOf, 'Series'),
    media_type: 'series',
    tvdb_id: null,
    arr_status: null,
    first_air_date: null,
    last_air_date: null,
    tmdb_season_count: SEASONS,
    latest_known_season_number: SEASONS,
    sonarr_service_ids: [],
    disk_id: null,
    seasons,
    episodes,
    episode_files: files,
  };
}

async function fill(db, movies, seriesCount) {
  const rand = random(movies);
  const asOf = new Date().toISOString();
  await db.$transaction((tx) =>
    replaceSourceStatus(tx, {
      as_of: asOf,
      sources: ['catalog', 'tmdb', 'arr', 'playback', 'seerr'].map((source) => ({
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
  const put = async (count, batch, make) => {
    for (let start = 0; start < count; start += batch) {
      const items = [];
      for (let i = start; i < Math.min(count, start + batch); i += 1)
        items.push(make(i, rand, asOf));
      await db.$transaction((tx) => upsertMediaItems(tx, items), { timeout: 120_000 });
    }
  };
  await put(movies, BATCH_MOVIES, movie);
  await put(seriesCount, BATCH_SERIES, series);
  await fillInputs(db, movies, seriesCount, rand, asOf);
}

const USERS = Array.from({ length: USER_COUNT }, (_, i) => ({
  playback_user_key: `1:u${i}`,
  service_config_id: 1,
  service_type: 'jellyfin',
  external_user_id: `u${i}`,
  username: `user${i}`,
  email: null,
  display_name: null,
  is_admin: i === 0,
}));

/**
 * Watch data for 60 % of the movies (two users each) and of the series (two users through the
 * first half of the seasons), and a Seerr request by the first of those users for 30 % of them.
 */
async function fillInputs(db, movies, seriesCount, rand, asOf) {
  const watch = [];
  const requests = [];
  const userOf = () => USERS[Math.floor(rand() * USERS.length)];
  const flush = async () => {
    if (watch.length)
      await db.$transaction((tx) =>
        replaceWatchData(tx, { items: watch.splice(0), playback_users: USERS }),
      );
    if (requests.length) await db.$transaction((tx) => replaceRequests(tx, requests.splice(0)));
  };
  const add = async (mediaType, mediaId, states, episodes) => {
    const viewed = `${2020 + Math.floor(rand() * 6)}-03-01T00:00:00.000Z`;
    watch.push({
      media_type: mediaType,
      media_id: mediaId,
      as_of: asOf,
      view_count: states.length,
      last_viewed_at: viewed,
      favorite_user_keys: [],
      episodes,
      watch_states: states,
    });
    if (rand() < 0.3) {
      const user = states[0] ? states[0].playback_user_key.slice(2) : 'u0';
      requests.push({
        media_type: mediaType,
        media_id: mediaId,
        as_of: asOf,
        requests: [benchRequest(mediaId, user)],
      });
    }
    if (watch.length >= 200) await flush();
  };
  const state = (user, movieId, episodeId) => ({
    playback_user_key: user.playback_user_key,
    movie_id: movieId,
    episode_id: episodeId,
    play_count: 1,
    last_played_at: asOf,
    completed: true,
  });
  for (let i = 0; i < movies; i += 1) {
    if (rand() >= 0.6) continue;
    const id = 100_000 + i;
    await add('movie', id, [state(userOf(), id, null), state(userOf(), id, null)], []);
  }
  for (let i = 0; i < seriesCount; i += 1) {
    if (rand() >= 0.6) continue;
    const id = 10_000_000 + i;
    const base = id * 1000;
    const viewers = [userOf(), userOf()];
    const states = [];
    const episodes = [];
    for (let s = 1; s <= SEASONS / 2; s += 1)
      for (let e = 1; e <= EPISODES; e += 1) {
        const episodeId = (base * 10 + s) * 100 + e;
        for (const viewer of viewers) states.push(state(viewer, null, episodeId));
        episodes.push({
          episode_id: episodeId,
          view_count: 2,
          last_viewed_at: asOf,
          favorite_user_keys: [],
        });
      }
    await add('series', id, states, episodes);
  }
  await flush();
}

const benchRequest = (mediaId, user) => ({
  service_config_id: 9,
  seerr_request_id: mediaId,
  status: 'approved',
  is_4k: false,
  requested_by: Number(user.slice(1)) + 1,
  requester_identities: {
    seerr_user_key: `9:${Number(user.slice(1)) + 1}`,
    display_name: null,
    username: null,
    email: null,
    plex_id: null,
    plex_username: null,
    jellyfin_user_id: user,
    jellyfin_username: null,
  },
  requested_at: '2024-01-01T00:00:00.000Z',
  updated_at: null,
  season_numbers: [],
});

async function createRules(url) {
  for (const body of RULES) {
    const text = JSON.stringify(body);
    const headers = kit.signInternalRequest(testSigningKey(), {
      service: 'cleanup',
      method: 'POST',
      url: '/api/rules',
      body: text,
      principal: ADMIN,
      headers: { 'content-type': 'application/json' },
    });
    const response = await fetch(`${url}/api/rules`, { method: 'POST', headers, body: text });
    if (response.status !== 201) throw new Error(`rule ${body.name}: ${await response.text()}`);
  }
}

async function timedScan(service, rss) {
  if (global.gc) global.gc();
  rss.reset();
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const outcome = await service.services.scan.run({ progress: () => Promise.resolve() });
  return {
    seconds: round1((performance.now() - started) / 1000),
    rss_mb: { before: mb(before), peak: mb(rss.peak()) },
    summary: outcome.summary,
  };
}

/** The child: the cleanup service alone, two scans, the result on stdout. */
async function scanChild(config) {
  const rss = rssSampler();
  // The signing keys hold a Map, which the JSON argument does not carry: the test keys again.
  const service = await startCleanup({ runtime: { ...config, keys: TEST_KEYS } });
  try {
    const started = mb(process.memoryUsage().rss);
    const first = await timedScan(service, rss);
    log(`  first scan: ${first.seconds} s, peak RSS ${first.rss_mb.peak} MB`);
    await service.db.$executeRawUnsafe('VACUUM ANALYZE candidates, protections');
    const second = await timedScan(service, rss);
    log(`  second scan: ${second.seconds} s, peak RSS ${second.rss_mb.peak} MB`);
    process.send({ rss_after_start_mb: started, first, second });
  } finally {
    rss.stop();
    await service.stop();
  }
}

function runChild(config) {
  return new Promise((resolvePromise, reject) => {
    const child = fork(__filename, ['--scan', JSON.stringify(config)], {
      execArgv: [
        '--expose-gc',
        ...(process.env.SCAN_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.SCAN_PROF] : []),
      ],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let result;
    child.on('message', (message) => (result = message));
    child.on('exit', (code) =>
      code === 0 && result ? resolvePromise(result) : reject(new Error(`scan child: ${code}`)),
    );
  });
}

/**
 * What the scans wrote, as one md5 per table, so two builds can be shown to write the same
 * rows and messages from the same fill. Times and random ids differ from run to run and are
 * left out: row columns ending in _at, _since or _until, every ISO timestamp and UUID inside
 * a payload (an event's id), and the outbox's own ids and times.
 */
async function resultDigest(client) {
  const timeless = (table) =>
    `(SELECT jsonb_object_agg(key, value) FROM jsonb_each(to_jsonb(${table}))
       WHERE key !~ '(_at|_since|_until)$')`;
  const { rows } = await client.query(
    `SELECT (SELECT md5(string_agg(${timeless('c')}::text, E'\n' ORDER BY c.id))
               FROM cleanup.candidates c) AS candidates,
            (SELECT md5(string_agg(${timeless('p')}::text, E'\n' ORDER BY p.id))
               FROM cleanup.protections p) AS protections,
            (SELECT md5(string_agg(o.routing_key || ' ' ||
                    regexp_replace(
                      regexp_replace(o.payload::text, '"[0-9]{4}-[0-9]{2}-[0-9]{2}T[^"]*"', '"T"', 'g'),
                      '"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"', '"U"', 'g'),
                    E'\n' ORDER BY o.id))
               FROM cleanup.outbox o) AS outbox`,
  );
  return rows[0];
}

async function round(movies) {
  const seriesCount = Math.round(movies / 10);
  await ensureTemplate();
  const env = await createTestEnv();
  let service;
  try {
    service = await startCleanup({ runtime: env.runtimeConfig() });
    log(`M=${movies}: filling ${movies} movies, ${seriesCount} series`);
    const fillStarted = performance.now();
    await fill(service.db, movies, seriesCount);
    const fillS = (performance.now() - fillStarted) / 1000;
    await service.db.$executeRawUnsafe(
      'VACUUM ANALYZE media_items, movie_versions, seasons, episodes, episode_files, watch_data, request_snapshots',
    );
    await createRules(service.url);
    await service.stop();
    service = undefined;
    log(`M=${movies}: filled in ${fillS.toFixed(0)} s; scanning in a child process`);
    const loadBefore = load();
    const scans = await runChild(env.runtimeConfig());
    const check = new Client({ connectionString: env.databaseUrl });
    await check.connect();
    const { rows } = await check.query(
      `SELECT (SELECT count(*) FROM cleanup.episodes)::int AS episodes,
              (SELECT count(*) FROM cleanup.candidates)::int AS candidates,
              (SELECT count(*) FROM cleanup.protections)::int AS protections,
              (SELECT count(*) FROM cleanup.outbox)::int AS outbox_rows`,
    );
    const digest = await resultDigest(check);
    await check.end();
    return {
      movies,
      series: seriesCount,
      episodes: rows[0].episodes,
      fill_s: round1(fillS),
      ...scans,
      rows_after: rows[0],
      digest,
      load: [loadBefore, load()],
    };
  } finally {
    await service?.stop();
    await env.cleanup();
  }
}

async function main() {
  const begun = Date.now();
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model}`,
    rules: RULES.map(
      (r) => `${r.name} (${r.target_scope}${r.action.outcome === 'protect' ? ', protect' : ''})`,
    ),
    rounds: [],
  };
  for (const size of SIZES) result.rounds.push(await round(size));
  const [small, large] = result.rounds;
  if (small && large)
    result.growth = {
      first_scan: round1(large.first.seconds / small.first.seconds),
      second_scan: round1(large.second.seconds / small.second.seconds),
    };
  result.total_s = Math.round((Date.now() - begun) / 1000);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

const child = process.argv.indexOf('--scan');
(child >= 0 ? scanChild(JSON.parse(process.argv[child + 1])) : main()).catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
