'use strict';
// The extractor table of `pnpm bench` (bench/run-all.js): for each bench, how to run it at the
// issue's one state (issue 31: 50k movies, 5k series / 1M episodes, 200k candidates, 1M feed
// events) or quickly (BENCH_QUICK=1, a smoke test), and its headline figures: name, unit,
// target (from the bench's RESULTS.md) and how to read the samples from its JSON.

/** The state. Seasons × episodes per series give 5 000 × 10 × 20 = 1 000 000 episodes. */
const STATE = {
  movies: 50_000,
  series: 5_000,
  seasons: 10,
  episodes: 20,
  candidates: 200_000,
  feedEvents: 1_000_000,
};

const le = (value) => ({ op: '<=', value });
const ge = (value) => ({ op: '>=', value });
/** A summary the bench made from its own samples. */
const own = (median, low, high, n, spread) => ({ median, low, high, n, spread });

// ------------------------------------------------------------------------------------ gateway

const POISSON = 'poisson_500_rps_64_connections';
const SATURATED = 'saturated_64_connections';
/** The p99 of each round: the median round's and the range over rounds (3 rounds: all three). */
const p99Rounds = (j, row) => {
  if (!row) return undefined;
  if (j.rounds >= 3) return [row.p99_range_ms[0], row.p99_ms, row.p99_range_ms[1]];
  return j.rounds === 2 ? row.p99_range_ms : [row.p99_ms];
};
/** The gateway's processing quantile: a number, or "> 100" past its histogram (a lower bound). */
const bound = (value) => (typeof value === 'string' ? Number(value.replace(/^>\s*/, '')) : value);

const gateway = {
  id: 'gateway',
  script: 'bench/gateway/run.js',
  full: { args: ['10'], env: { ROUNDS: '3' }, minutes: 5 },
  quick: { args: ['2'], env: { ROUNDS: '1' } },
  repeat: 1,
  state: 'no data: a trivial stand-in upstream (`bench/gateway/upstream.js`)',
  samples: 'its own 3 interleaved rounds per phase',
  figures: [
    {
      name: "gateway's own processing p99, 64 connections at ~500 req/s",
      unit: 'ms',
      target: le(1),
      read: (j) => bound(j[POISSON]?.gateway_processing?.p99_ms),
    },
    {
      name: 'added by the gateway (p99), 64 connections at ~500 req/s',
      unit: 'ms',
      target: le(1),
      note: 'not reachable by any Node.js hop here (bench/gateway/RESULTS.md)',
      read: (j) => j[POISSON]?.added_by_gateway?.p99_ms,
    },
    {
      name: 'through the gateway, p99 at ~500 req/s',
      unit: 'ms',
      read: (j) => p99Rounds(j, j[POISSON]?.gateway),
    },
    {
      name: 'direct, p99 at ~500 req/s',
      unit: 'ms',
      read: (j) => p99Rounds(j, j[POISSON]?.direct),
    },
    {
      name: 'saturated req/s through the gateway',
      unit: 'req/s',
      read: (j) => j[SATURATED]?.gateway?.req_per_s,
    },
    { name: 'saturated req/s direct', unit: 'req/s', read: (j) => j[SATURATED]?.direct?.req_per_s },
    {
      name: 'saturated req/s through the bare proxy',
      unit: 'req/s',
      read: (j) => j[SATURATED]?.bare_proxy?.req_per_s,
    },
  ],
};

// ---------------------------------------------------------------------------------------- api

/** A route's req/s: autocannon's one-second samples (p25–p75) when the JSON has them. */
const reqPerS = (route) => {
  if (!route) return undefined;
  const s = route.req_per_s_per_second;
  return s ? own(s.p50, s.p25, s.p75, s.samples, 'p25–p75 of 1 s samples') : route.req_per_s;
};
const API_ROUTES = [
  ['system', 'GET /api/v1/system', 1500, 100],
  ['candidates_50', 'GET /api/v1/candidates?per_page=50', 1000, 150],
  ['events_100', 'GET /api/v1/events?limit=100', 600, 250],
  ['movies_50', 'GET /api/v1/movies?per_page=50', 800, 150],
];
const routeFigures = (withTargets) =>
  API_ROUTES.flatMap(([key, label, rps, p99]) => [
    {
      name: `${label} req/s`,
      unit: 'req/s',
      target: withTargets ? ge(rps) : undefined,
      read: (j) => reqPerS(j.routes?.[key]),
    },
    {
      name: `${label} p99`,
      unit: 'ms',
      target: withTargets ? le(p99) : undefined,
      read: (j) => j.routes?.[key]?.p99_ms,
    },
  ]);
const API_SEED =
  'its own scratch database: `bench/cleanup-candidates/seed.sql` + `bench/dashboard/seed.sql` ' +
  '(200 000 candidates, 50 000 movies, 5 000 series / 1 000 000 episodes) + 1 000 000 feed events';

const api = {
  id: 'api',
  script: 'bench/api/run.js',
  full: { args: [], env: {}, minutes: 8 },
  quick: { args: [], env: { SECONDS: '2', WARMUP_SECONDS: '1', ROUTES: 'system,events_100' } },
  repeat: 1,
  state: API_SEED,
  samples: "autocannon's one-second samples of each 10 s load (req/s); p99 is one per run",
  figures: [
    ...routeFigures(true),
    ...API_ROUTES.map(([key, label]) => ({
      name: `${label} against /health/live (req/s ratio)`,
      unit: '×',
      ratio: true,
      read: (j) => j.routes?.[key]?.ratio_to_health_live,
    })),
    ...API_ROUTES.map(([key, label]) => ({
      name: `${label} against its bare floor through one hop (req/s ratio)`,
      unit: '×',
      ratio: true,
      read: (j) => j.routes?.[key]?.floor?.through_one_hop?.ratio,
    })),
    {
      name: 'RSS of the five services, idle after the load',
      unit: 'MiB',
      target: le(500),
      read: (j) => j.rss_mib?.idle_after_load?.total,
    },
    {
      name: 'RSS of the five services, fresh',
      unit: 'MiB',
      read: (j) => j.rss_mib?.fresh?.total,
    },
  ],
};

const apiSingle = {
  id: 'api-single',
  dir: 'api',
  script: 'bench/api/run.js',
  // The routes with targets only: the one-process mode is here for its memory and the ratio.
  full: {
    args: [],
    env: { SINGLE_PROCESS: '1', ROUTES: API_ROUTES.map(([key]) => key).join(',') },
    minutes: 6,
  },
  quick: {
    args: [],
    env: { SINGLE_PROCESS: '1', SECONDS: '2', WARMUP_SECONDS: '1', ROUTES: 'system' },
  },
  repeat: 1,
  state: `${API_SEED} (seeded again: see "State")`,
  samples: api.samples,
  figures: [
    ...routeFigures(false),
    {
      name: 'RSS of the one process, idle after the load',
      unit: 'MiB',
      target: le(250),
      read: (j) => j.rss_mib?.idle_after_load?.total,
    },
  ],
};

// ------------------------------------------------------------------------------- catalog-sync

/** One JSON line per step of catalog-sync; the scenario's step whose label starts so. */
const syncStep = (lines, prefix) =>
  lines.find((line) => typeof line.step === 'string' && line.step.startsWith(prefix));

const catalogSync = {
  id: 'catalog-sync',
  script: 'bench/catalog-sync/run.js',
  output: 'json-lines',
  full: {
    args: [STATE.movies, STATE.series, STATE.seasons, STATE.episodes].map(String),
    // As `pnpm start` and compose run catalog (scripts/start/stack.js).
    env: { CATALOG_NODE_OPTIONS: '--max-old-space-size=256' },
    minutes: 7,
  },
  quick: {
    args: ['500', '20', '2', '5'],
    env: { CATALOG_NODE_OPTIONS: '--max-old-space-size=256' },
  },
  repeat: 1,
  state:
    'the library simulator at the same sizes (50 000 movies, 5 000 series × 10 seasons × 20 ' +
    'episodes, about 98 % with a file), synced into a fresh database per scenario: the sync is ' +
    'what it measures',
  samples: 'one per run',
  figures: [
    {
      name: 'A. full sync, movies only',
      unit: 's',
      target: le(60),
      read: (j) => syncStep(j, 'full sync, movies')?.seconds,
    },
    {
      name: 'B. full sync, whole library',
      unit: 's',
      target: le(300),
      note: 'the target was set at 392 059 episodes; here about 1 M',
      read: (j) => syncStep(j, 'full sync, whole library')?.seconds,
    },
    {
      name: 'C. incremental sync after 1 % changed',
      unit: 's',
      target: le(5),
      read: (j) => syncStep(j, 'incremental')?.seconds,
    },
    {
      name: 'peak RSS of catalog (B+C, heap capped at 256 MB)',
      unit: 'MiB',
      target: le(512),
      read: (j) => syncStep(j, 'full sync, whole library')?.peak_rss_mib,
    },
  ],
};

// ---------------------------------------------------------------------------- cleanup benches

const MAIN_QUERY = 'auto_delete_state=scheduled&media_type=movie&per_page=50';

const cleanupCandidates = {
  id: 'cleanup-candidates',
  script: 'bench/cleanup-candidates/run.js',
  full: { args: ['300'], env: {}, minutes: 2 },
  quick: { args: ['20'], env: {} },
  repeat: 1,
  state:
    'its own scratch database: `bench/cleanup-candidates/seed.sql` (200 000 candidates, ' +
    '50 000 movies, 5 000 series / 1 000 000 episodes)',
  samples: '300 sequential requests per query (the spread is the median–p99 of those)',
  figures: [
    {
      name: "the issue's filtered page (scheduled movies, 50 a page), median",
      unit: 'ms',
      target: le(50),
      read: (j) => {
        const q = j.sequential?.[MAIN_QUERY];
        return q && own(q.median_ms, q.median_ms, q.p99_ms, j.requests_per_query, 'median–p99');
      },
    },
    {
      name: 'unfiltered page of 50, median',
      unit: 'ms',
      read: (j) => {
        const q = j.sequential?.['per_page=50'];
        return q && own(q.median_ms, q.median_ms, q.p99_ms, j.requests_per_query, 'median–p99');
      },
    },
    {
      name: "the issue's page at 8 connections, req/s",
      unit: 'req/s',
      read: (j) => j.concurrent_8?.req_per_s,
    },
  ],
};

/** The round of a cleanup bench at the movie count (the last round). */
const lastRound = (j) => j.rounds?.[j.rounds.length - 1];

const cleanupRules = {
  id: 'cleanup-rules',
  script: 'bench/cleanup-rules/run.js',
  full: { args: [], env: { SIZES: `10000,${STATE.movies}` }, minutes: 2 },
  quick: { args: [], env: { SIZES: '2000', REQUESTS: '3', BREAKDOWN: '0' } },
  repeat: 1,
  state: 'its own fill through the service (50 000 movies with facts); no series',
  samples: '10 previews per run',
  figures: [
    {
      name: 'preview of one rule over the movies, median',
      unit: 'ms',
      target: le(2000),
      read: (j) => {
        const p = lastRound(j)?.preview;
        return p && own(p.median_ms, p.min_ms, p.max_ms, p.requests, 'min–max');
      },
    },
    {
      name: 'peak RSS during the previews (bench and service in one process)',
      unit: 'MB',
      read: (j) => lastRound(j)?.rss_mb?.peak_during_previews,
    },
  ],
};

const cleanupScan = {
  id: 'cleanup-scan',
  script: 'bench/cleanup-scan/run.js',
  full: {
    args: [],
    env: {
      SIZES: `10000,${STATE.movies}`,
      SEASONS: String(STATE.seasons),
      EPISODES: String(STATE.episodes),
    },
    minutes: 4,
  },
  quick: { args: [], env: { SIZES: '500,1000', SEASONS: '2', EPISODES: '5' } },
  repeat: 1,
  state:
    'its own fill through the service: 50 000 movies, 5 000 series × 10 × 20 = 1 000 000 ' +
    'episodes with facts, watch data and requests (and a 10k round for the growth)',
  samples: 'one per run',
  figures: [
    {
      name: 'first scan (10 rules)',
      unit: 's',
      target: le(60),
      read: (j) => lastRound(j)?.first?.seconds,
    },
    {
      name: 'second scan (steady state)',
      unit: 's',
      target: le(60),
      read: (j) => lastRound(j)?.second?.seconds,
    },
    {
      name: 'peak RSS of the service',
      unit: 'MB',
      target: le(512),
      read: (j) => {
        const r = lastRound(j);
        return r && Math.max(r.first?.rss_mb?.peak ?? 0, r.second?.rss_mb?.peak ?? 0);
      },
    },
    {
      name: 'growth 10k → 50k movies (first scan)',
      unit: '×',
      target: le(6),
      read: (j) => j.growth?.first_scan,
    },
  ],
};

// ---------------------------------------------------------------------------------- dashboard

const figureMedian = (j, prefix) =>
  j.figures?.find((f) => f.figure.startsWith(prefix))?.call_median_ms;

const dashboard = {
  id: 'dashboard',
  script: 'bench/dashboard/run.js',
  full: { args: ['30'], env: {}, minutes: 3 },
  quick: { args: ['3'], env: {} },
  repeat: 1,
  state:
    'its own scratch database: `bench/cleanup-candidates/seed.sql` + `bench/dashboard/seed.sql` ' +
    '(200 000 candidates, 50 000 movies, 5 000 series / 1 000 000 episodes)',
  samples: 'the median of 30 calls per figure (one value per run)',
  figures: [
    {
      name: 'candidate figures (one pass over the candidates), call median',
      unit: 'ms',
      read: (j) => figureMedian(j, 'candidates'),
    },
    {
      name: 'library figures (catalog), call median',
      unit: 'ms',
      read: (j) => figureMedian(j, 'library'),
    },
    {
      name: "cleanup's part for 100 dashboards at once, 5 s cache, cold",
      unit: 'ms',
      target: le(1000),
      note: "the gateway's 1 s limit per part (bench/dashboard/RESULTS.md)",
      read: (j) =>
        j.cleanup_part_100_concurrent?.find((r) => r.dashboards === 100 && r.cache === 'cold')
          ?.wall_ms,
    },
  ],
};

// ---------------------------------------------------------------------------------- scheduler

const scheduler = {
  id: 'scheduler',
  script: 'bench/scheduler/run.js',
  full: { args: [], env: { ROUNDS: '3' }, minutes: 5 },
  quick: { args: [], env: { ROUNDS: '1', TRIGGERS: '50', WARMUP: '5', FIRINGS: '40' } },
  repeat: 1,
  state: 'no data: an empty scheduler database per round',
  samples: 'its own 3 rounds of 1 000 triggers',
  figures: [
    {
      name: 'trigger → run committed running, p99',
      unit: 'ms',
      target: le(100),
      read: (j) => j.trigger_to_running?.rounds?.map((r) => r.trigger_to_running.p99_ms),
    },
    {
      name: 'trigger → run committed running, median',
      unit: 'ms',
      read: (j) => j.trigger_to_running?.rounds?.map((r) => r.trigger_to_running.median_ms),
    },
    {
      name: 'two replicas: due times processed twice or not at all',
      unit: '',
      target: le(0),
      read: (j) =>
        j.two_replicas?.rounds?.map((r) => (r.processed_twice ?? 0) + (r.not_processed ?? 0)),
    },
  ],
};

// ---------------------------------------------------------------------------------------- web

const firstContent = (j, path) => {
  const s = j.first_content?.[path]?.first_content_since_navigation;
  return s?.runs_ms;
};

const web = {
  id: 'web',
  script: 'bench/web/run.js',
  full: { args: ['7'], env: {}, minutes: 3 },
  quick: { args: ['1'], env: {} },
  repeat: 1,
  state:
    "its own scratch database: `bench/web/seed.sql` (10 000 candidates over 5 000 movies and 100 series: the budget's size, not the issue's)",
  samples: '7 page loads per page, each in a new browser context',
  figures: [
    {
      name: 'first content of `/` (dashboard)',
      unit: 'ms',
      target: le(1000),
      read: (j) => firstContent(j, '/'),
    },
    {
      name: 'first content of `/candidates`',
      unit: 'ms',
      target: le(1000),
      read: (j) => firstContent(j, '/candidates'),
    },
    {
      name: 'initial JS, gzipped',
      unit: 'KB',
      target: le(250),
      read: (j) => j.initial?.js_gzip_kib && +((j.initial.js_gzip_kib * 1024) / 1000).toFixed(1),
    },
  ],
};

// ----------------------------------------------------------------------------------- webhooks

/** A phase of part A: the paced one (its name carries the rate) or the burst. */
const phase = (j, name) =>
  j.throughput?.phases?.find((p) =>
    name === 'paced' ? p.name.startsWith('paced ') : p.name === name,
  );

const webhooks = {
  id: 'webhooks',
  script: 'bench/webhooks/run.js',
  // 4 endpoints offered 500 deliveries/s for 30 s (the configuration of "Every target on a
  // quiet machine"), then the feed pages at the issue's 1 M events (the target names 10 M).
  full: {
    args: [],
    env: {
      ENDPOINTS: '4',
      WARMUP: '200',
      PACED_RATES: '125',
      PACED_SECONDS: '30',
      EVENTS: '3000',
      FEED_ONLY: '0',
      EVENTS_STORED: String(STATE.feedEvents),
      HISTORY_DELIVERIES: '0',
    },
    minutes: 4,
  },
  quick: {
    args: [],
    env: {
      ENDPOINTS: '4',
      WARMUP: '20',
      PACED_RATES: '25',
      PACED_SECONDS: '2',
      EVENTS: '200',
      FEED_ONLY: '0',
      EVENTS_STORED: '20000',
      PAGE_REQUESTS: '20',
      PAGE_WARMUP: '2',
      HISTORY_DELIVERIES: '0',
    },
  },
  repeat: 1,
  state: 'its own databases: an empty one for A, 1 000 000 events filled in SQL for B',
  samples: 'one per run (rates); 200 page requests per query (the spread is median–p99)',
  figures: [
    {
      name: 'paced 500 deliveries/s offered (4 endpoints × 125/s): deliveries/s sustained',
      unit: '/s',
      target: ge(500),
      read: (j) => phase(j, 'paced')?.deliveries?.sustained_per_s,
    },
    {
      name: 'paced: publish → delivery p99',
      unit: 'ms',
      target: le(1000),
      read: (j) => phase(j, 'paced')?.publish_to_delivery?.p99_ms,
    },
    {
      name: 'burst of 3 000 events × 4 endpoints: deliveries/s sustained',
      unit: '/s',
      target: ge(500),
      read: (j) => phase(j, 'burst')?.deliveries?.sustained_per_s,
    },
    {
      name: 'feed page of 500 at 1 M events, median',
      unit: 'ms',
      target: le(20),
      note: 'the target names 10 M stored events',
      read: (j) => {
        const q = j.feed_pages?.queries?.all;
        return (
          q &&
          own(q.median_ms, q.median_ms, q.p99_ms, j.feed_pages.requests_per_query, 'median–p99')
        );
      },
    },
  ],
};

const BENCHES = [
  gateway,
  api,
  apiSingle,
  catalogSync,
  cleanupCandidates,
  cleanupRules,
  cleanupScan,
  dashboard,
  scheduler,
  web,
  webhooks,
];

/** Ratios across benches: [bench id, figure name] over [bench id, figure name]. */
const RATIOS = [
  {
    name: 'gateway against direct, saturated req/s (bench/gateway)',
    of: ['gateway', 'saturated req/s through the gateway'],
    to: ['gateway', 'saturated req/s direct'],
  },
  {
    name: 'bare Node.js proxy against direct, saturated req/s (bench/gateway)',
    of: ['gateway', 'saturated req/s through the bare proxy'],
    to: ['gateway', 'saturated req/s direct'],
  },
  {
    name: 'gateway against direct, p99 at ~500 req/s (bench/gateway)',
    of: ['gateway', 'through the gateway, p99 at ~500 req/s'],
    to: ['gateway', 'direct, p99 at ~500 req/s'],
  },
  ...API_ROUTES.map(([, label]) => ({
    name: `one process against five, ${label} req/s (bench/api)`,
    of: ['api-single', `${label} req/s`],
    to: ['api', `${label} req/s`],
  })),
];

module.exports = { BENCHES, RATIOS, STATE };
