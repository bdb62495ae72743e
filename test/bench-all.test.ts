import { createRequire } from 'node:module';
import { join } from 'node:path';

// The pure parts of `pnpm bench` (bench/run-all.js), from fixture JSON: no bench runs here.
const load = createRequire(__filename);
const BENCH = join(__dirname, '..', 'bench', 'all');

interface Summary {
  median: number;
  low: number;
  high: number;
  n: number;
  spread: string;
}
interface Figure {
  name: string;
  read: (json: unknown) => unknown;
}
interface Bench {
  id: string;
  script: string;
  samples: string;
  state: string;
  figures: Figure[];
}
const stats = load(join(BENCH, 'stats.js')) as {
  summarize: (perRun: unknown[]) => Summary | null;
  verdict: (value: number | null, target?: { op: string; value: number }) => string | null;
};
const { BENCHES, RATIOS } = load(join(BENCH, 'benches.js')) as {
  BENCHES: Bench[];
  RATIOS: unknown[];
};
const { figuresOf, render } = load(join(BENCH, 'render.js')) as {
  figuresOf: (
    bench: Bench,
    runs: unknown[],
  ) => { name: string; summary: Summary | null; verdict: string | null }[];
  render: (run: unknown, ratios: unknown[]) => string;
};
const { parseOutput } = load(join(BENCH, 'output.js')) as {
  parseOutput: (stdout: string, kind?: string) => unknown;
};

const bench = (id: string) => BENCHES.find((b) => b.id === id)!;
const figure = (id: string, runs: unknown[], name: string) =>
  figuresOf(bench(id), runs).find((f) => f.name.startsWith(name))!;

const scheduler = (p99s: number[]) => ({
  trigger_to_running: {
    rounds: p99s.map((p99) => ({ trigger_to_running: { median_ms: p99 / 2, p99_ms: p99 } })),
  },
  two_replicas: { rounds: [{ processed_twice: 0, not_processed: 0 }] },
});

const apiRun = (rps: number, idle: number) => ({
  routes: {
    system: {
      req_per_s: rps,
      req_per_s_per_second: {
        samples: 10,
        min: rps - 50,
        p25: rps - 10,
        p50: rps,
        p75: rps + 10,
        max: rps + 40,
      },
      p99_ms: 98,
      ratio_to_health_live: 0.25,
      floor: { through_one_hop: { ratio: 0.4 } },
    },
  },
  rss_mib: { fresh: { total: 840 }, idle_after_load: { total: idle } },
});

describe('pnpm bench: figures, spread and targets', () => {
  it('pools the samples of every run: median and min–max', () => {
    expect(stats.summarize([[3, 1], [2], undefined])).toEqual({
      median: 2,
      low: 1,
      high: 3,
      n: 3,
      spread: 'min–max',
    });
    expect(stats.summarize([undefined, null])).toBeNull();
  });

  it("keeps a bench's own summary: the median of the runs' medians and the widest spread", () => {
    const own = (median: number, low: number, high: number) => ({
      median,
      low,
      high,
      n: 10,
      spread: 'p25–p75',
    });
    expect(stats.summarize([own(10, 8, 12), own(20, 5, 21), own(14, 9, 15)])).toEqual({
      median: 14,
      low: 5,
      high: 21,
      n: 30,
      spread: 'p25–p75',
    });
  });

  it('judges a figure against its target, and says nothing without one', () => {
    expect(stats.verdict(99, { op: '<=', value: 100 })).toBe('met');
    expect(stats.verdict(101, { op: '<=', value: 100 })).toBe('missed');
    expect(stats.verdict(499, { op: '>=', value: 500 })).toBe('missed');
    expect(stats.verdict(5, undefined)).toBeNull();
  });

  it("reads the scheduler's rounds as samples of its p99 target", () => {
    const p99 = figure(
      'scheduler',
      [scheduler([54, 66, 60])],
      'trigger → run committed running, p99',
    );
    expect(p99.summary).toMatchObject({ median: 60, low: 54, high: 66, n: 3 });
    expect(p99.verdict).toBe('met');
  });

  it("reads api's per-second req/s spread and its memory target", () => {
    const runs = [apiRun(1600, 900)];
    const system = figure('api', runs, 'GET /api/v1/system req/s');
    expect(system.summary).toMatchObject({ median: 1600, low: 1590, high: 1610 });
    expect(system.verdict).toBe('met');
    expect(figure('api', runs, 'RSS of the five services, idle').verdict).toBe('missed');
  });

  it("reads catalog-sync's step lines among its progress output", () => {
    const stdout = [
      'simulator { movies: 50000 }',
      '{"level":30,"msg":"a log line"}',
      JSON.stringify({ scenario: 'A movies only', step: 'full sync, movies', seconds: 18.4 }),
      JSON.stringify({
        scenario: 'B+C whole library',
        step: 'full sync, whole library',
        seconds: 250,
        peak_rss_mib: 300,
      }),
      JSON.stringify({ scenario: 'B+C', step: 'incremental sync after 1 % changed', seconds: 6 }),
    ].join('\n');
    const runs = [parseOutput(stdout, 'json-lines')];
    expect(figure('catalog-sync', runs, 'A.').verdict).toBe('met');
    expect(figure('catalog-sync', runs, 'C.').verdict).toBe('missed');
    expect(figure('catalog-sync', runs, 'peak RSS').summary?.median).toBe(300);
  });

  it('takes the last indented JSON object of a stdout a service also logged to', () => {
    const stdout = `{"level":40,"msg":"warn"}\n${JSON.stringify({ a: { b: 1 } }, null, 2)}\n`;
    expect(parseOutput(stdout)).toEqual({ a: { b: 1 } });
  });

  it('renders the machine, each figure with its spread and verdict, and the ratios', () => {
    const text = render(
      {
        date: '2026-12-01T10:00:00.000Z',
        machine: {
          cpu: 'AMD EPYC',
          cores: 2,
          ram_gib: 23.5,
          node: 'v20.20.2',
          postgres: '15.20',
          load_average: [0.1, 0.2, 0.3],
        },
        quick: false,
        state: ['One state.'],
        benches: [
          { bench: bench('api'), runs: [apiRun(1600, 900)], failures: [], seconds: 420 },
          { bench: bench('api-single'), runs: [apiRun(800, 210)], failures: [], seconds: 300 },
          {
            bench: bench('scheduler'),
            runs: [scheduler([54, 66, 60])],
            failures: [],
            seconds: 240,
          },
        ],
      },
      RATIOS,
    );
    expect(text).toContain('- CPU: AMD EPYC, 2 cores; RAM 23.5 GiB');
    expect(text).toContain('- Node v20.20.2; PostgreSQL 15.20');
    expect(text).toContain(
      '| GET /api/v1/system req/s | 1 600 req/s | 1 590–1 610 req/s (p25–p75 of 1 s samples, n = 10) | ≥ 1 500 req/s | **met** |',
    );
    expect(text).toContain(
      '| trigger → run committed running, p99 | 60 ms | 54–66 ms (min–max, n = 3) | ≤ 100 ms | **met** |',
    );
    expect(text).toContain(
      '| one process against five, GET /api/v1/system req/s (bench/api) | 0.500 × |',
    );
    expect(text).toContain(
      '| GET /api/v1/system against /health/live (req/s ratio) (bench/api) | 0.250 × |',
    );
    expect(text).not.toContain('bench/gateway)');
  });
});
